import { between, chance, int, pick, type Rng } from './random.ts';
import { Canvas, ellipse, line, mix, poly, rect, shade } from './canvas.ts';
import { drawHills, drawSky, finish, pickSky } from './sky.ts';
import { EARTH, GREENS, drawGround, drawPalm, drawTree, drawTufts } from './scene-kit.ts';

/** A "À VENDRE" board, painted as agencies do, on two posts. */
function saleBoard(c: Canvas, x: number, base: number, scale: number): void {
  const w = 260 * scale;
  const h = 150 * scale;
  c.add(
    rect(x + w * 0.12, base - h * 1.9, 10 * scale, h * 1.9, '#5a4636'),
    rect(x + w * 0.82, base - h * 1.9, 10 * scale, h * 1.9, '#5a4636'),
  );
  c.add(rect(x, base - h * 1.9, w, h, '#f6f3ea'), rect(x, base - h * 1.9, w, h * 0.42, '#b4282e'));
  c.add(
    `<text x="${x + w / 2}" y="${base - h * 1.9 + h * 0.3}" font-family="DejaVu Sans" font-weight="bold" font-size="${34 * scale}" fill="#ffffff" text-anchor="middle">À VENDRE</text>`,
    `<text x="${x + w / 2}" y="${base - h * 1.9 + h * 0.66}" font-family="DejaVu Sans" font-size="${19 * scale}" fill="#333333" text-anchor="middle">Parcelle titrée</text>`,
    `<text x="${x + w / 2}" y="${base - h * 1.9 + h * 0.88}" font-family="DejaVu Sans" font-weight="bold" font-size="${17 * scale}" fill="#1f3b57" text-anchor="middle">NDAKO IMMOBILIER</text>`,
  );
}

/** The far edge of the plot: a line of bushes and the odd palm. */
function treeline(c: Canvas, rng: Rng, horizon: number): void {
  for (let x = between(rng, -40, 0); x < c.width; x += between(rng, 40, 120)) {
    if (chance(rng, 0.15)) drawPalm(c, rng, x, horizon + 6, between(rng, 120, 200));
    else
      c.add(
        ellipse(
          x,
          horizon - 10,
          between(rng, 30, 70),
          between(rng, 20, 40),
          mix(pick(rng, GREENS), '#8aa0a8', 0.25),
        ),
      );
  }
}

/** A few neighbours' houses on the horizon. */
function distantHouses(c: Canvas, rng: Rng, horizon: number): void {
  for (let i = 0; i < int(rng, 0, 4); i++) {
    const hx = between(rng, 0, c.width);
    c.add(
      rect(hx, horizon - 22, 60, 24, '#e6dccb'),
      poly(
        [
          [hx - 6, horizon - 20],
          [hx + 66, horizon - 20],
          [hx + 52, horizon - 34],
          [hx + 8, horizon - 34],
        ],
        pick(rng, ['#8a3b2e', '#6b6f72', '#3f5a6e']),
      ),
    );
  }
}

/** The bare plot: red earth, a worn track across it, clods and tufts of grass. */
function bareEarth(c: Canvas, rng: Rng, horizon: number): void {
  drawGround(c, rng, horizon, 'earth');
  const earth = pick(rng, EARTH);
  c.add(
    poly(
      [
        [c.width * 0.42, horizon],
        [c.width * 0.5, horizon],
        [c.width * 0.85, c.height],
        [c.width * 0.2, c.height],
      ],
      shade(earth, 0.1),
      'opacity="0.5"',
    ),
  );
  for (let i = 0; i < 14; i++) {
    const y = between(rng, horizon + 10, c.height);
    const s = 6 + ((y - horizon) / (c.height - horizon)) * 60;
    c.add(
      ellipse(
        between(rng, 0, c.width),
        y,
        s * between(rng, 1.5, 4),
        s * 0.4,
        shade(earth, between(rng, -0.2, 0.15)),
        'opacity="0.45"',
      ),
    );
  }
  drawTufts(c, rng, horizon + 4, c.height, int(rng, 40, 90));
}

/** Boundary markers (bornes) at the plot's corners, in perspective, and the string between two of them. */
function boundaryMarkers(c: Canvas, rng: Rng, horizon: number): void {
  const corners: [number, number, number][] = [
    [c.width * between(rng, 0.25, 0.35), horizon + 40, 0.5],
    [c.width * between(rng, 0.65, 0.75), horizon + 40, 0.5],
    [c.width * 0.08, c.height - 90, 1.4],
    [c.width * 0.92, c.height - 90, 1.4],
  ];
  for (const [x, y, s] of corners) {
    c.add(
      rect(x - 8 * s, y - 36 * s, 16 * s, 36 * s, '#ebe7de'),
      rect(x - 8 * s, y - 36 * s, 16 * s, 9 * s, '#b4282e'),
    );
  }
  c.add(
    line(
      corners[0]?.[0] ?? 0,
      horizon + 12,
      corners[2]?.[0] ?? 0,
      c.height - 130,
      '#f2efe6',
      1.2,
      'opacity="0.6"',
    ),
  );
}

/** A few courses of cement blocks: the wall the buyer will finish. */
function startedWall(c: Canvas, rng: Rng, horizon: number): void {
  const wx = pick(rng, [c.width * 0.62, c.width * 0.05]);
  const wy = horizon + 70;
  c.add(rect(wx, wy, 520, 70, '#9c9a94'));
  for (let r = 0; r < 3; r++) {
    for (let k = 0; k < 13; k++)
      c.add(
        rect(wx + k * 40 + (r % 2) * 20, wy + r * 23, 38, 21, shade('#a9a69f', between(rng, -0.06, 0.06))),
      );
  }
}

/** `board` decides whether the plot carries an "À VENDRE" sign (never on a plot offered for rent). */
export function landScene(rng: Rng, board = chance(rng, 0.5)): string {
  const c = new Canvas(1600, 1000);
  const sky = pickSky(rng, ['day', 'hazy', 'morning', 'hazy']);
  const horizon = between(rng, 470, 560);
  drawSky(c, rng, sky, horizon);
  if (chance(rng, 0.6)) drawHills(c, rng, horizon, sky);
  treeline(c, rng, horizon);
  distantHouses(c, rng, horizon);
  bareEarth(c, rng, horizon);
  boundaryMarkers(c, rng, horizon);
  if (chance(rng, 0.45)) startedWall(c, rng, horizon);
  if (chance(rng, 0.4)) drawTree(c, rng, between(rng, 200, 1400), horizon + 160, between(rng, 140, 200));
  if (board) saleBoard(c, between(rng, 0.55, 0.8) * c.width, c.height - 60, between(rng, 0.9, 1.2));
  finish(c, sky);
  return c.toString();
}
