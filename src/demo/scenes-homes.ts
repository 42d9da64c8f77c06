import { between, chance, int, pick, type Rng } from './random.ts';
import { Canvas, line, poly, rect, shade } from './canvas.ts';
import { drawHills, drawSky, finish, pickSky, type Sky } from './sky.ts';
import { drawBush, drawCompoundWall, drawGround, drawPalm, drawPowerLine, drawTree } from './scene-kit.ts';
import { ACCENTS, ROOFS, WALLS, skyline, waterTanks, windowPane } from './facade.ts';

interface Block {
  x0: number;
  width: number;
  floors: number;
  base: number;
}

/** A residential block: facade with windows and balconies, a shaded side, shops at street level, tanks on the roof. */
function apartmentBlock(c: Canvas, rng: Rng, sky: Sky, { x0, width: bw, floors: wanted, base }: Block): void {
  const floorH = between(rng, 70, 82);
  const groundH = floorH * 1.15;
  const side = between(rng, 70, 140);
  // Keep the roof and its tanks inside the picture.
  const floors = Math.min(wanted, Math.floor((base - groundH - 170) / floorH));
  const top = base - groundH - floors * floorH;
  const wall = pick(rng, WALLS);
  const accent = pick(rng, ACCENTS);
  c.add(rect(x0, top, bw, base - top, c.grad(shade(wall, 0.1), shade(wall, -0.08), 1, 0.3)));
  const sideFace: [number, number][] = [
    [x0 + bw, top],
    [x0 + bw + side, top + side * 0.12],
    [x0 + bw + side, base],
    [x0 + bw, base],
  ];
  c.add(poly(sideFace, shade(wall, -0.28)));
  const cols = int(rng, 3, 5);
  const cell = bw / cols;
  const balconies = chance(rng, 0.7);
  const bands = chance(rng, 0.4);
  const railing = pick(rng, ['#555b60', '#2b2b2b', '#f1ede4', accent]);
  const stair = chance(rng, 0.4) ? Math.floor(cols / 2) : -1;
  for (let f = 0; f < floors; f++) {
    const y = base - groundH - (f + 1) * floorH;
    if (bands) c.add(rect(x0, y + floorH - 10, bw, 10, accent, 'opacity="0.85"'));
    for (let k = 0; k < cols; k++) {
      const ww = cell * (k === stair ? 0.3 : 0.56);
      windowPane(
        c,
        rng,
        sky,
        x0 + k * cell + (cell - ww) / 2,
        y + floorH * 0.2,
        ww,
        floorH * 0.58,
        k === stair,
      );
    }
    for (let s = 0; s < 2; s++) {
      const sx = x0 + bw + side * (0.25 + s * 0.4);
      const pane: [number, number][] = [
        [sx, y + floorH * 0.24],
        [sx + side * 0.22, y + floorH * 0.25],
        [sx + side * 0.22, y + floorH * 0.76],
        [sx, y + floorH * 0.76],
      ];
      c.add(poly(pane, shade(sky.glass[1], -0.2)));
    }
    if (balconies) {
      const by = y + floorH - 6;
      c.add(
        rect(x0 - 12, by, bw + 24, 8, shade(wall, -0.18)),
        rect(x0 - 12, by + 8, bw + 24, 5, '#000000', 'opacity="0.12"'),
      );
      c.add(rect(x0 - 10, by - floorH * 0.32, bw + 20, floorH * 0.32, '#cfe3ea', 'opacity="0.3"'));
      c.add(line(x0 - 10, by - floorH * 0.32, x0 + bw + 10, by - floorH * 0.32, railing, 3));
      for (let px = x0 - 10; px <= x0 + bw + 10; px += cell / 3)
        c.add(line(px, by - floorH * 0.32, px, by, railing, 2));
    }
  }
  // Street level: a lobby between the rolling shutters of small shops.
  c.add(rect(x0, base - groundH, bw, groundH, shade(wall, -0.12)));
  const doorW = cell * 0.7;
  const doorX = x0 + (bw - doorW) / 2;
  c.add(rect(doorX, base - groundH * 0.78, doorW, groundH * 0.78, c.grad('#2f3d48', '#1c252c')));
  c.add(rect(doorX - 20, base - groundH * 0.86, doorW + 40, 10, accent));
  for (const sx of [x0 + 20, x0 + bw - cell * 0.8 - 20]) {
    c.add(rect(sx, base - groundH * 0.72, cell * 0.8, groundH * 0.72, '#8d9296'));
    for (let ly = base - groundH * 0.72; ly < base; ly += 7)
      c.add(line(sx, ly, sx + cell * 0.8, ly, '#6f7478', 1.5));
  }
  c.add(rect(x0 - 14, top - 18, bw + 28, 20, shade(wall, -0.15)));
  waterTanks(c, rng, x0, x0 + bw, top - 18);
}

/** Three framings: from a paved avenue, behind a compound wall, or beside a neighbouring block on a dirt street. */
export function apartmentScene(rng: Rng, index = 0): string {
  const c = new Canvas(1600, 1000);
  const sky = pickSky(rng);
  const style = index % 3;
  const horizon = style === 1 ? 720 : 790;
  drawSky(c, rng, sky, horizon);
  if (chance(rng, 0.4)) drawHills(c, rng, horizon - 120, sky);
  skyline(c, rng, sky, horizon);
  drawGround(c, rng, horizon, style === 0 ? 'asphalt' : 'earth');
  const base = horizon + 20;
  const width = between(rng, style === 2 ? 480 : 560, style === 2 ? 620 : 780);
  let x0 = Math.min(Math.max(between(rng, 0.2, 0.6) * c.width - width / 2, 60), c.width - width - 200);
  if (style === 2) {
    const left = chance(rng, 0.5);
    const nx = left ? between(rng, 40, 120) : c.width - between(rng, 500, 600);
    x0 = left ? nx + between(rng, 470, 520) : nx - width - between(rng, 160, 220);
    apartmentBlock(c, rng, sky, { x0: nx, width: between(rng, 380, 460), floors: int(rng, 2, 4), base });
  }
  apartmentBlock(c, rng, sky, { x0, width, floors: style === 1 ? int(rng, 5, 7) : int(rng, 4, 8), base });
  drawPowerLine(c, rng, between(rng, 0.05, 0.95) * c.width, horizon + 60, 320);
  for (let i = 0; i < int(rng, 1, 3); i++) {
    const tx = pick(rng, [
      between(rng, 20, Math.max(40, x0 - 20)),
      between(rng, Math.min(c.width - 40, x0 + width + 160), c.width - 20),
    ]);
    if (chance(rng, 0.5)) drawPalm(c, rng, tx, horizon + 40, between(rng, 300, 460));
    else drawTree(c, rng, tx, horizon + 40, between(rng, 110, 170));
  }
  if (style === 1)
    drawCompoundWall(
      c,
      rng,
      base - 70,
      base + 90,
      pick(
        rng,
        WALLS.map((w) => shade(w, -0.06)),
      ),
    );
  finish(c, sky);
  return c.toString();
}

export function houseScene(rng: Rng): string {
  const c = new Canvas(1600, 1000);
  const sky = pickSky(rng);
  const horizon = 700;
  drawSky(c, rng, sky, horizon);
  if (chance(rng, 0.5)) drawHills(c, rng, horizon - 40, sky);
  for (let i = 0; i < int(rng, 2, 4); i++) {
    if (chance(rng, 0.5)) drawTree(c, rng, between(rng, 0, c.width), horizon, between(rng, 120, 190));
    else drawPalm(c, rng, between(rng, 0, c.width), horizon + 20, between(rng, 360, 520));
  }
  drawGround(c, rng, horizon, 'earth');

  const storeys = chance(rng, 0.35) ? 2 : 1;
  const hw = between(rng, 720, 1000);
  const x0 = (c.width - hw) / 2 + between(rng, -180, 180);
  const base = horizon + 120;
  const wallH = storeys === 2 ? between(rng, 330, 380) : between(rng, 200, 240);
  const wallTop = base - wallH;
  const wall = pick(rng, WALLS);
  const roof = pick(rng, ROOFS);
  c.add(rect(x0, wallTop, hw, wallH, c.grad(shade(wall, 0.08), shade(wall, -0.1), 1, 0)));
  const perRow = int(rng, 3, 5);
  const step = hw / perRow;
  for (let s = 0; s < storeys; s++) {
    const rowTop = wallTop + 34 + s * (wallH / storeys);
    for (let k = 0; k < perRow; k++) {
      const isDoor = s === storeys - 1 && k === Math.floor(perRow / 2);
      const wx = x0 + k * step + step * 0.25;
      if (isDoor) c.add(rect(wx, rowTop + 6, step * 0.5, base - rowTop - 6, c.grad('#7b4a2b', '#4e2e1b')));
      else windowPane(c, rng, sky, wx, rowTop + 14, step * 0.5, wallH / storeys - 90, true);
    }
  }
  if (storeys === 2) c.add(rect(x0 - 10, wallTop + wallH / 2 - 6, hw + 20, 12, shade(wall, -0.2)));
  // Corrugated iron hip roof.
  const roofH = between(rng, 110, 170);
  const inset = between(rng, 120, 220);
  c.add(
    poly(
      [
        [x0 - 45, wallTop + 8],
        [x0 + hw + 45, wallTop + 8],
        [x0 + hw - inset, wallTop - roofH],
        [x0 + inset, wallTop - roofH],
      ],
      c.grad(shade(roof, 0.15), shade(roof, -0.15)),
    ),
  );
  for (let rx = x0 - 40; rx < x0 + hw + 40; rx += 13) {
    const t = (rx - (x0 - 45)) / (hw + 90);
    const topX = x0 + inset + t * (hw - 2 * inset);
    c.add(line(rx, wallTop + 8, topX, wallTop - roofH, shade(roof, -0.3), 1.5, 'opacity="0.45"'));
  }
  c.add(
    rect(x0 - 45, wallTop + 8, hw + 90, 10, shade(roof, -0.35)),
    rect(x0, wallTop + 18, hw, 14, '#000000', 'opacity="0.15"'),
  );
  if (chance(rng, 0.8)) {
    drawCompoundWall(
      c,
      rng,
      base - between(rng, 150, 220),
      base + 30,
      pick(
        rng,
        WALLS.map((w) => shade(w, -0.06)),
      ),
    );
  } else {
    c.add(rect(0, base, c.width, c.height - base, c.grad('#9a9389', '#7c766e')));
    for (let px = 0; px < c.width; px += 40)
      c.add(line(px, base, px + (px - c.width / 2) * 0.3, c.height, '#6e6961', 1.2, 'opacity="0.5"'));
    drawBush(c, rng, x0 - 60, base + 10, 80);
    drawBush(c, rng, x0 + hw + 60, base + 10, 80);
  }
  if (chance(rng, 0.5)) drawPowerLine(c, rng, between(rng, 0.05, 0.95) * c.width, c.height - 40, 480);
  finish(c, sky);
  return c.toString();
}
