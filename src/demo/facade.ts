import { between, chance, int, pick, type Rng } from './random.ts';
import { type Canvas, line, mix, poly, rect, shade, type Sky } from './scene-kit.ts';

export const WALLS = [
  '#efe6d6',
  '#f4efe6',
  '#e8d2b0',
  '#e2d6c6',
  '#dfe6e8',
  '#ecd9bf',
  '#f1e3c8',
  '#d8e2d0',
  '#f0d6c4',
];
export const ACCENTS = ['#b5643c', '#6b7a86', '#2f6f73', '#2b3d55', '#8c5a3c', '#7a8450', '#9a3f3f'];
export const ROOFS = ['#8a3b2e', '#3f5a6e', '#6b6f72', '#2f4f3f', '#7a4a32', '#4b4f58'];

/** A window: sky reflection by day, warm light at dusk for some, with a frame and optional grille. */
export function windowPane(
  c: Canvas,
  rng: Rng,
  sky: Sky,
  x: number,
  y: number,
  w: number,
  h: number,
  grille: boolean,
): void {
  const lit = sky.name === 'dusk' ? chance(rng, 0.55) : false;
  const fill = lit ? c.grad('#ffe2a0', '#f0a850') : c.grad(sky.glass[0], sky.glass[1], 0.4, 1);
  c.add(rect(x - 3, y - 3, w + 6, h + 6, '#f7f5f0', 'opacity="0.85"'), rect(x, y, w, h, lit ? fill : fill));
  if (!lit)
    c.add(
      poly(
        [
          [x + w * 0.15, y + h],
          [x + w * 0.55, y],
          [x + w * 0.8, y],
          [x + w * 0.4, y + h],
        ],
        '#ffffff',
        'opacity="0.12"',
      ),
    );
  c.add(line(x + w / 2, y, x + w / 2, y + h, '#e9e6df', 2));
  if (grille) {
    for (let gx = x + w / 6; gx < x + w; gx += w / 6)
      c.add(line(gx, y, gx, y + h, '#2b2b2b', 2, 'opacity="0.7"'));
    c.add(line(x, y + h / 2, x + w, y + h / 2, '#2b2b2b', 2, 'opacity="0.7"'));
  }
}

/** Background city blocks, hazy with distance. */
export function skyline(c: Canvas, rng: Rng, sky: Sky, base: number): void {
  const far = mix('#8d949c', sky.stops[sky.stops.length - 1]?.[1] ?? '#cccccc', 0.5);
  for (let x = between(rng, -100, 0); x < c.width; x += between(rng, 120, 260)) {
    const h = between(rng, 60, 260);
    const w = between(rng, 80, 200);
    c.add(rect(x, base - h, w, h, shade(far, between(rng, -0.08, 0.08))));
  }
}

/** Black and blue plastic water tanks on a roof: every building here stores water. */
export function waterTanks(c: Canvas, rng: Rng, x0: number, x1: number, roof: number): void {
  const count = int(rng, 1, 3);
  for (let i = 0; i < count; i++) {
    const w = between(rng, 46, 64);
    const x = between(rng, x0 + 20, x1 - w - 20);
    const colour = pick(rng, ['#1c1c1c', '#2a5d9f', '#1c1c1c']);
    c.add(rect(x, roof - w * 1.1, w, w * 1.1, c.grad(shade(colour, 0.3), colour, 1, 0), `rx="${w * 0.3}"`));
  }
}
