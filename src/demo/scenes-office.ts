import { between, chance, int, pick, type Rng } from './random.ts';
import { Canvas, line, mix, poly, rect, shade } from './canvas.ts';
import { drawSky, finish, pickSky, type Sky } from './sky.ts';
import { drawGround, drawTree } from './scene-kit.ts';

const GLASS: readonly (readonly [string, string])[] = [
  ['#6f9fcc', '#1d3d60'],
  ['#7fb3a8', '#1f4a45'],
  ['#c0a57f', '#4a3a2a'],
  ['#b9c8d3', '#4a5a68'],
];

function streetLamp(c: Canvas, x: number, base: number, h: number): void {
  c.add(
    rect(x - 3, base - h, 6, h, '#3d4247'),
    rect(x - 3, base - h, 46, 5, '#3d4247'),
    rect(x + 30, base - h + 4, 20, 6, '#e8e2c8'),
  );
}

/** The right-hand face of a tower seen a little from the side, its top edge sloping down with the perspective. */
function sideFace(x: number, w: number, side: number, top: number, base: number, fill: string): string {
  return poly(
    [
      [x + w, top],
      [x + w + side, top + side * 0.1],
      [x + w + side, base],
      [x + w, base],
    ],
    fill,
  );
}

function glassTower(c: Canvas, rng: Rng, sky: Sky, x: number, w: number, top: number, base: number): void {
  const [light, dark] = pick(rng, GLASS);
  const side = w * between(rng, 0.18, 0.3);
  const skyTop = sky.stops[0]?.[1] ?? '#7fb0dd';
  c.add(
    rect(
      x,
      top,
      w,
      base - top,
      c.linear([
        [0, mix(light, skyTop, 0.3)],
        [0.6, mix(light, dark, 0.5)],
        [1, dark],
      ]),
    ),
  );
  c.add(sideFace(x, w, side, top, base, shade(dark, -0.25)));
  c.add(
    poly(
      [
        [x + w * 0.1, base],
        [x + w * 0.55, top],
        [x + w * 0.75, top],
        [x + w * 0.3, base],
      ],
      '#ffffff',
      'opacity="0.1"',
    ),
  );
  const floorH = between(rng, 30, 40);
  for (let y = top + floorH; y < base; y += floorH) {
    c.add(line(x, y, x + w, y, shade(dark, -0.3), 2, 'opacity="0.55"'));
    c.add(
      line(
        x + w,
        y,
        x + w + side,
        y + side * 0.1 * (1 - (y - top) / (base - top)),
        shade(dark, -0.45),
        1.5,
        'opacity="0.5"',
      ),
    );
  }
  const mullion = between(rng, 26, 40);
  for (let mx = x + mullion; mx < x + w; mx += mullion)
    c.add(line(mx, top, mx, base, shade(dark, -0.2), 1.5, 'opacity="0.45"'));
  if (sky.name === 'dusk') {
    for (let y = top + floorH; y < base - floorH; y += floorH) {
      for (let mx = x; mx < x + w - mullion; mx += mullion) {
        if (chance(rng, 0.3)) c.add(rect(mx + 2, y + 3, mullion - 4, floorH - 6, '#ffd98e', 'opacity="0.8"'));
      }
    }
  }
  c.add(
    rect(x - 6, top - 16, w + side + 6, 16, shade(dark, -0.35)),
    rect(x + w * 0.3, top - 46, w * 0.3, 30, '#6d7378'),
  );
}

function concreteBlock(c: Canvas, rng: Rng, sky: Sky, x: number, w: number, top: number, base: number): void {
  const concrete = pick(rng, ['#cfc8bc', '#d9d3c8', '#bfb9ae', '#e0d6c2']);
  const side = w * 0.22;
  c.add(rect(x, top, w, base - top, c.grad(shade(concrete, 0.08), shade(concrete, -0.1), 1, 0)));
  c.add(sideFace(x, w, side, top, base, shade(concrete, -0.3)));
  const floorH = between(rng, 52, 64);
  for (let y = top + 20; y < base - floorH; y += floorH) {
    const lit = sky.name === 'dusk' && chance(rng, 0.5);
    c.add(rect(x + 14, y, w - 28, floorH * 0.5, lit ? '#f6cf86' : c.grad(sky.glass[0], sky.glass[1])));
    c.add(rect(x + w + 8, y + 6, side - 16, floorH * 0.5, shade(sky.glass[1], -0.25)));
  }
  for (let fx = x + 14; fx < x + w; fx += w / int(rng, 6, 10))
    c.add(rect(fx, top, 8, base - top - 40, shade(concrete, -0.15)));
}

export function officeScene(rng: Rng): string {
  const c = new Canvas(1600, 1000);
  const sky = pickSky(rng, ['day', 'hazy', 'dusk', 'day']);
  const horizon = 820;
  drawSky(c, rng, sky, horizon);
  const far = mix('#8d949c', sky.stops[sky.stops.length - 1]?.[1] ?? '#cccccc', 0.45);
  for (let x = between(rng, -100, 0); x < c.width; x += between(rng, 140, 240)) {
    c.add(
      rect(
        x,
        horizon - between(rng, 120, 420),
        between(rng, 90, 170),
        500,
        shade(far, between(rng, -0.1, 0.06)),
      ),
    );
  }
  drawGround(c, rng, horizon, 'asphalt');
  const towers = int(rng, 1, 2);
  const base = horizon + 20;
  for (let i = 0; i < towers; i++) {
    const w = between(rng, 300, 460);
    const x =
      towers === 1 ? between(rng, 420, 760) : i === 0 ? between(rng, 120, 300) : between(rng, 820, 1040);
    const top = between(rng, 80, 300);
    if (chance(rng, 0.65)) glassTower(c, rng, sky, x, w, top, base);
    else concreteBlock(c, rng, sky, x, w, top, base);
    c.add(rect(x - 20, base - 70, w + 40, 70, c.grad('#3b4650', '#222a31')));
    c.add(rect(x + w * 0.35, base - 90, w * 0.3, 12, '#d8d2c4'));
  }
  for (let x = 80; x < c.width; x += between(rng, 260, 380)) {
    if (chance(rng, 0.5)) drawTree(c, rng, x, horizon + 60, between(rng, 70, 110));
    else streetLamp(c, x, horizon + 60, 260);
  }
  finish(c, sky);
  return c.toString();
}
