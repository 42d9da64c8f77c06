import { between, chance, int, pick, type Rng } from './random.ts';
import type { Canvas } from './canvas.ts';
import { ellipse, line, n, poly, rect, shade } from './canvas.ts';

export * from './canvas.ts';
export * from './sky.ts';

export const GREENS = ['#2f6b35', '#3d7f3a', '#4f8f3f', '#2a5a30', '#5b9a4a'] as const;

/** A coconut palm: curved tapered trunk and drooping fronds. */
export function drawPalm(c: Canvas, rng: Rng, x: number, base: number, height: number): void {
  const lean = between(rng, -0.12, 0.12) * height;
  const topX = x + lean;
  const topY = base - height;
  const bend = between(rng, -0.06, 0.06) * height;
  const w = height * 0.035;
  c.add(
    `<path d="M${n(x - w)} ${n(base)} Q${n(x + lean / 2 + bend - w * 0.7)} ${n(base - height / 2)} ${n(topX - w * 0.5)} ${n(topY)} ` +
      `L${n(topX + w * 0.5)} ${n(topY)} Q${n(x + lean / 2 + bend + w * 0.7)} ${n(base - height / 2)} ${n(x + w)} ${n(base)}Z" ` +
      `fill="${c.grad('#8a7560', '#5e4d3d', 1, 0)}"/>`,
  );
  const fronds = int(rng, 10, 13);
  const len = height * between(rng, 0.32, 0.42);
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI + (i / (fronds - 1)) * Math.PI + between(rng, -0.15, 0.15);
    const tipX = topX + Math.cos(a) * len;
    const tipY = topY + Math.sin(a) * len * 0.55 + len * 0.45;
    const ctrlX = topX + Math.cos(a) * len * 0.55;
    const ctrlY = topY + Math.sin(a) * len * 0.7 - len * 0.1;
    const spread = height * 0.04;
    const colour = pick(rng, GREENS);
    c.add(
      `<path d="M${n(topX)} ${n(topY)} Q${n(ctrlX)} ${n(ctrlY - spread)} ${n(tipX)} ${n(tipY)} ` +
        `Q${n(ctrlX)} ${n(ctrlY + spread)} ${n(topX)} ${n(topY)}Z" fill="${colour}"/>`,
    );
  }
  c.add(ellipse(topX, topY + 4, w * 1.4, w, '#6b5a2e'));
}

/** A broad shade tree (mango, avocado): trunk and a canopy of overlapping clumps. */
export function drawTree(c: Canvas, rng: Rng, x: number, base: number, size: number): void {
  c.add(rect(x - size * 0.06, base - size * 0.9, size * 0.12, size * 0.9, '#5a4636'));
  const greens = [pick(rng, GREENS), pick(rng, GREENS), '#24482a'];
  for (let i = 0; i < 9; i++) {
    const colour = i < 3 ? (greens[2] as string) : (pick(rng, greens) as string);
    c.add(
      `<circle cx="${n(x + between(rng, -0.55, 0.55) * size)}" cy="${n(base - size * between(rng, 0.95, 1.45))}" ` +
        `r="${n(size * between(rng, 0.3, 0.48))}" fill="${colour}"/>`,
    );
  }
}

export function drawBush(c: Canvas, rng: Rng, x: number, base: number, size: number): void {
  for (let i = 0; i < 4; i++) {
    c.add(
      ellipse(
        x + between(rng, -size, size) * 0.6,
        base - size * 0.3,
        size * 0.5,
        size * 0.35,
        pick(rng, GREENS),
      ),
    );
  }
}

/** A bush covered in bougainvillea flowers, magenta or orange, on every Kinshasa garden wall. */
export function drawBougainvillea(c: Canvas, rng: Rng, x: number, base: number, size: number): void {
  drawBush(c, rng, x, base, size);
  const flower = pick(rng, ['#c2185b', '#d81b60', '#e65100', '#ad1457']);
  for (let i = 0; i < 26; i++) {
    const fx = x + between(rng, -0.8, 0.8) * size;
    const fy = base - size * between(rng, 0.05, 0.6);
    c.add(
      `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(size * between(rng, 0.04, 0.075))}" fill="${flower}" opacity="0.9"/>`,
    );
  }
}

/** Tufts of grass on bare earth. */
export function drawTufts(c: Canvas, rng: Rng, top: number, bottom: number, count: number): void {
  for (let i = 0; i < count; i++) {
    const y = between(rng, top, bottom);
    const s = 4 + ((y - top) / Math.max(1, bottom - top)) * 14;
    const x = between(rng, 0, c.width);
    c.add(
      poly(
        [
          [x - s, y],
          [x - s * 0.2, y - s * 1.4],
          [x, y - s * 0.3],
          [x + s * 0.4, y - s * 1.6],
          [x + s, y],
        ],
        pick(rng, GREENS),
        'opacity="0.85"',
      ),
    );
  }
}

/** Red laterite earth (terre rouge), the colour of every unpaved street in Kinshasa. */
export const EARTH = ['#b3532e', '#c0623a', '#a84c2c', '#c46f45'] as const;

export function drawGround(c: Canvas, rng: Rng, top: number, kind: 'earth' | 'asphalt' | 'grass'): void {
  if (kind === 'grass') {
    c.add(rect(0, top, c.width, c.height - top, c.grad('#6f9a4a', '#3f6e30')));
    return;
  }
  const earth = pick(rng, EARTH);
  c.add(rect(0, top, c.width, c.height - top, c.grad(shade(earth, 0.12), shade(earth, -0.12))));
  if (kind === 'asphalt') {
    const roadTop = top + (c.height - top) * 0.35;
    c.add(rect(0, roadTop, c.width, c.height - roadTop, c.grad('#55585c', '#3a3c3f')));
    c.add(rect(0, roadTop - 6, c.width, 8, '#b9b3a8'));
    const y = roadTop + (c.height - roadTop) * 0.55;
    for (let x = between(rng, -80, 0); x < c.width; x += 220)
      c.add(rect(x, y, 120, 7, '#e8e4d8', 'opacity="0.8"'));
  } else {
    for (let i = 0; i < 3; i++) {
      const y = between(rng, top + 20, c.height - 20);
      c.add(
        `<path d="M0 ${n(y)} Q${n(c.width / 2)} ${n(y + between(rng, -30, 30))} ${c.width} ${n(y + between(rng, -20, 20))}" stroke="${shade(earth, -0.2)}" stroke-width="${n(between(rng, 3, 9))}" fill="none" opacity="0.5"/>`,
      );
    }
  }
}

/** An SNEL wooden power pole with sagging wires, seen on most streets. */
export function drawPowerLine(c: Canvas, rng: Rng, x: number, base: number, height: number): void {
  c.add(rect(x - 5, base - height, 10, height, '#4b3d30'));
  c.add(rect(x - 40, base - height + 14, 80, 6, '#3b3027'));
  for (const dx of [-34, 34]) {
    const y = base - height + 14;
    c.add(
      `<path d="M0 ${n(y + 30)} Q${n(x / 2)} ${n(y + 60)} ${n(x + dx)} ${n(y)} Q${n((x + c.width) / 2)} ${n(y + 55)} ${c.width} ${n(y + between(rng, 10, 40))}" stroke="#2a2a2a" stroke-width="1.5" fill="none" opacity="0.7"/>`,
    );
  }
}

/**
 * A compound wall (clôture) with pillars, coping and a painted steel gate, sometimes topped with barbed
 * wire: what the street sees of most Kinshasa houses.
 */
export function drawCompoundWall(c: Canvas, rng: Rng, top: number, base: number, colour: string): void {
  const gateColour = pick(rng, ['#1f3b57', '#24492f', '#2a2a2a', '#6d2424', '#37474f']);
  c.add(rect(0, top, c.width, base - top, c.grad(shade(colour, 0.08), shade(colour, -0.12))));
  c.add(rect(0, top - 8, c.width, 10, shade(colour, -0.2)));
  const gateW = between(rng, 0.22, 0.3) * c.width;
  const gateX = between(rng, 0.1, 0.9 - 0.3) * c.width;
  for (let x = 0; x < c.width; x += 180) {
    if (x > gateX - 30 && x < gateX + gateW) continue;
    c.add(rect(x, top - 14, 26, base - top + 14, shade(colour, -0.1)));
  }
  c.add(
    rect(gateX - 30, top - 40, 30, base - top + 40, shade(colour, -0.15)),
    rect(gateX + gateW, top - 40, 30, base - top + 40, shade(colour, -0.15)),
  );
  c.add(rect(gateX, top - 28, gateW, base - top + 28, c.grad(shade(gateColour, 0.15), gateColour)));
  for (let x = gateX + 10; x < gateX + gateW - 5; x += 14)
    c.add(rect(x, top - 24, 4, base - top + 20, shade(gateColour, -0.25), 'opacity="0.6"'));
  c.add(line(gateX + gateW / 2, top - 28, gateX + gateW / 2, base, shade(gateColour, -0.4), 3));
  if (chance(rng, 0.5)) {
    const y = top - 22;
    let d = `M0 ${n(y)}`;
    for (let x = 0; x <= c.width; x += 16) d += ` L${x} ${n(y + (x % 32 === 0 ? -5 : 5))}`;
    c.add(`<path d="${d}" stroke="#555" stroke-width="1.4" fill="none"/>`);
  }
  c.add(rect(0, base - 10, c.width, 10, shade(colour, -0.3), 'opacity="0.5"'));
}
