import { between, chance, int, pick, type Rng } from './random.ts';
import { Canvas, line, poly, rect, shade } from './canvas.ts';
import { drawHills, drawSky, finish, pickSky, type Sky } from './sky.ts';
import { drawBougainvillea, drawBush, drawGround, drawPalm } from './scene-kit.ts';
import { WALLS, windowPane } from './facade.ts';

type Villa = { x0: number; width: number; base: number; wall: string };

function modernVilla(c: Canvas, rng: Rng, sky: Sky, { x0, width: vw, base, wall }: Villa): void {
  const lowH = between(rng, 170, 200);
  const upW = vw * between(rng, 0.5, 0.65);
  const upX = x0 + (chance(rng, 0.5) ? 0 : vw - upW);
  const upH = between(rng, 150, 175);
  const cladding = pick(rng, [
    ['#a8764a', '#7a5233'],
    ['#b9ad9a', '#8c8272'],
    ['#3d4145', '#2a2d30'],
  ] as const);
  c.add(rect(x0, base - lowH, vw, lowH, c.grad(wall, shade(wall, -0.08), 1, 0)));
  windowPane(c, rng, sky, x0 + 40, base - lowH + 40, vw * 0.55, lowH - 40, false);
  c.add(rect(x0 + vw * 0.62, base - lowH, vw * 0.14, lowH, c.grad(cladding[0], cladding[1], 1, 0)));
  c.add(rect(upX, base - lowH - upH, upW, upH, c.grad(shade(wall, 0.04), shade(wall, -0.1), 1, 0)));
  windowPane(c, rng, sky, upX + 30, base - lowH - upH + 30, upW * 0.6, upH - 50, false);
  c.add(rect(upX - 30, base - lowH - upH - 14, upW + 60, 14, '#3a3d40'));
  c.add(rect(x0 - 30, base - lowH - 12, vw + 60, 12, '#3a3d40'));
  if (chance(rng, 0.6)) {
    const railX = upX === x0 ? upX + upW + 10 : x0 + 10;
    const railW = vw - upW - 20;
    c.add(rect(railX, base - lowH - 60, railW, 48, '#cfe6ee', 'opacity="0.4"'));
    c.add(line(railX, base - lowH - 60, railX + railW, base - lowH - 60, '#8a9399', 3));
  }
}

function classicVilla(c: Canvas, rng: Rng, sky: Sky, { x0, width: vw, base, wall }: Villa): void {
  const wallH = between(rng, 260, 300);
  const bays = int(rng, 4, 6);
  const bay = (vw - 100) / bays;
  c.add(rect(x0, base - wallH, vw, wallH, c.grad(shade(wall, 0.06), shade(wall, -0.1), 1, 0)));
  for (let k = 0; k < bays; k++) {
    const wx = x0 + 50 + k * bay;
    windowPane(c, rng, sky, wx + 10, base - wallH + 40, bay - 40, 80, false);
    windowPane(c, rng, sky, wx + 10, base - wallH + 160, bay - 40, wallH - 180, false);
    c.add(rect(wx - 8, base - wallH + 135, 14, wallH - 135, '#f7f3ea'));
  }
  c.add(rect(x0 - 20, base - wallH + 130, vw + 40, 14, shade(wall, -0.2)));
  const tile = pick(rng, ['#a4472d', '#8e3d27', '#b0583a', '#5a5f66']);
  const roof: [number, number][] = [
    [x0 - 60, base - wallH + 10],
    [x0 + vw + 60, base - wallH + 10],
    [x0 + vw - 200, base - wallH - 150],
    [x0 + 200, base - wallH - 150],
  ];
  c.add(poly(roof, c.grad(shade(tile, 0.15), shade(tile, -0.2))));
  const [bottom, top] = [base - wallH + 10, base - wallH - 150];
  for (let ty = top + 10; ty < bottom; ty += 16) {
    const inset = ((bottom - ty) / (bottom - top)) * 260;
    c.add(line(x0 - 60 + inset, ty, x0 + vw + 60 - inset, ty, shade(tile, -0.35), 1.5, 'opacity="0.35"'));
  }
}

/** The pool itself in perspective, with its stone coping and a few ripples; returns where it lies. */
function poolWater(c: Canvas, rng: Rng, base: number): { left: number; right: number; pb: number } {
  const pt = base + 90;
  const pb = 860;
  const left = between(rng, 140, 520);
  const right = left + between(rng, 620, 960);
  c.add(
    poly(
      [
        [left - 16, pt - 12],
        [right + 16, pt - 12],
        [right + 120, pb + 16],
        [left - 120, pb + 16],
      ],
      '#ddd2bb',
    ),
  );
  const water = c.linear([
    [0, '#9be6ec'],
    [0.45, '#3fb8cc'],
    [1, '#1b7f9f'],
  ]);
  c.add(
    poly(
      [
        [left, pt],
        [right, pt],
        [right + 100, pb],
        [left - 100, pb],
      ],
      water,
    ),
  );
  c.add(
    poly(
      [
        [left, pt],
        [right, pt],
        [right + 6, pt + 16],
        [left - 6, pt + 16],
      ],
      '#0f5f78',
      'opacity="0.35"',
    ),
  );
  for (let i = 0; i < 10; i++) {
    const y = between(rng, pt + 24, pb - 14).toFixed(0);
    const x = between(rng, left, right - 140).toFixed(0);
    c.add(
      `<path d="M${x} ${y} q35 -7 70 0 t70 0" stroke="#ffffff" stroke-width="2" fill="none" opacity="0.4"/>`,
    );
  }
  return { left, right, pb };
}

/** Two loungers and a parasol on the deck, beside the pool where there is room. */
function loungers(
  c: Canvas,
  rng: Rng,
  { left, right, pb }: { left: number; right: number; pb: number },
): void {
  const lx = right + 300 < c.width ? right + 60 : between(rng, 40, Math.max(60, left - 320));
  for (let k = 0; k < 2; k++) {
    const x = lx + k * 130;
    const y = pb + 70 + k * 8;
    c.add(
      rect(x, y + 14, 110, 8, '#5b4330'),
      rect(x + 6, y + 22, 5, 14, '#5b4330'),
      rect(x + 100, y + 22, 5, 14, '#5b4330'),
    );
    c.add(rect(x, y + 4, 84, 12, '#f5f2ea', 'rx="4"'));
    c.add(
      poly(
        [
          [x + 80, y + 16],
          [x + 94, y + 16],
          [x + 122, y - 26],
          [x + 110, y - 30],
        ],
        '#ebe6da',
      ),
    );
  }
  const umbrella = pick(rng, ['#f2efe6', '#1f4e5f', '#c9643b']);
  c.add(line(lx + 125, pb + 90, lx + 125, pb - 60, '#4a3a2c', 5));
  c.add(
    `<path d="M${lx + 15} ${pb - 40} Q${lx + 125} ${pb - 120} ${lx + 235} ${pb - 40}Z" fill="${umbrella}"/>`,
  );
}

/** A pool in perspective with its stone coping, a wooden deck, loungers and a parasol. */
function pool(c: Canvas, rng: Rng, base: number): void {
  const water = poolWater(c, rng, base);
  const { pb } = water;
  c.add(rect(0, pb + 16, c.width, c.height - pb - 16, c.grad('#b58a5e', '#8a6440')));
  for (let x = -400; x < c.width + 400; x += 60) {
    c.add(line(x * 0.9 + 80, pb + 16, x * 1.3 - 240, c.height, '#6e4e31', 2, 'opacity="0.45"'));
  }
  loungers(c, rng, water);
}

/** A garden front: lawn, a paved drive to the door, hedges and bougainvillea. */
function garden(c: Canvas, rng: Rng, x0: number, width: number, base: number): void {
  const door = x0 + width * between(rng, 0.35, 0.65);
  c.add(
    poly(
      [
        [door - 60, base],
        [door + 60, base],
        [door + 330, c.height],
        [door - 330, c.height],
      ],
      c.grad('#b9b2a6', '#8f887d'),
    ),
  );
  for (let y = base + 14; y < c.height; y += 22 + (y - base) * 0.08) {
    const t = (y - base) / (c.height - base);
    c.add(line(door - 60 - 270 * t, y, door + 60 + 270 * t, y, '#7d776d', 1.2, 'opacity="0.5"'));
  }
  for (const side of [-1, 1]) {
    for (let k = 0; k < 3; k++) {
      const x = door + side * (160 + k * 190) + between(rng, -30, 30);
      const y = base + 60 + k * 110;
      drawBougainvillea(c, rng, x, y, 60 + k * 30);
    }
  }
  for (let k = 0; k < 2; k++) {
    const lamp = door + (k === 0 ? -1 : 1) * between(rng, 120, 160);
    c.add(rect(lamp - 3, base + 30, 6, 70, '#2b2b2b'), rect(lamp - 9, base + 22, 18, 14, '#f1e6c6'));
  }
}

/** Modern and classic villas alternate; most stand behind a pool, some behind a garden. */
export function villaScene(rng: Rng, index = 0): string {
  const c = new Canvas(1600, 1000);
  const sky = pickSky(rng, ['day', 'morning', 'dusk']);
  const horizon = 540;
  drawSky(c, rng, sky, horizon);
  drawHills(c, rng, horizon, sky);
  drawGround(c, rng, horizon - 4, 'grass');
  const modern = index % 2 === 0;
  const wall = modern ? pick(rng, ['#f4f2ee', '#efeae2', '#e9e4dc']) : pick(rng, WALLS);
  const width = between(rng, 900, 1100);
  const villa = { x0: (c.width - width) / 2 + between(rng, -120, 120), width, base: horizon + 60, wall };
  if (modern) modernVilla(c, rng, sky, villa);
  else classicVilla(c, rng, sky, villa);
  for (const px of [between(rng, 40, 220), between(rng, 1380, 1560)]) {
    drawPalm(c, rng, px, villa.base + 20, between(rng, 420, 560));
  }
  drawBush(c, rng, villa.x0 + 60, villa.base + 10, 70);
  drawBougainvillea(c, rng, villa.x0 + width - 60, villa.base + 10, 80);
  if (index % 3 === 2) garden(c, rng, villa.x0, width, villa.base);
  else pool(c, rng, villa.base);
  finish(c, sky);
  return c.toString();
}
