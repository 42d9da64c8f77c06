import { between, chance, pick, type Rng } from './random.ts';
import { Room } from './room.ts';
import { Canvas, ellipse, finish, line, pickSky, rect, shade } from './scene-kit.ts';

const ROOM_WALLS = ['#f2ede4', '#ece6da', '#e9e4dc', '#f0e6d6', '#e3e7e4', '#efe1d0', '#e6dfd3'];
/** Muted accent colours for a back wall. */
const ACCENT_WALLS = ['#a9bba9', '#c9ab8c', '#9fb0c0', '#d6bc94', '#8fa5a2', '#c7a0a0'];
const backWall = (rng: Rng, wall: string) => (chance(rng, 0.4) ? pick(rng, ACCENT_WALLS) : wall);
const FABRICS = ['#5d6670', '#2f4a5e', '#c08a3e', '#9c4f37', '#4f6b4f', '#8a8178', '#274b52', '#d8cfc2'];

function ceilingLight(r: Room, rng: Rng, x: number, z: number): void {
  const [top] = [r.p(x, r.height, z)];
  const [bottom] = [r.p(x, r.height - 0.5, z)];
  r.c.add(line(top[0], top[1], bottom[0], bottom[1], '#333', 2));
  const w = 900 / z;
  const colour = pick(rng, ['#f3efe6', '#2f2f2f', '#c9a56a']);
  r.c.add(
    `<path d="M${bottom[0] - w * 0.12} ${bottom[1] + w * 0.12} L${bottom[0] - w * 0.05} ${bottom[1]} L${bottom[0] + w * 0.05} ${bottom[1]} L${bottom[0] + w * 0.12} ${bottom[1] + w * 0.12}Z" fill="${colour}"/>`,
  );
  r.c.add(
    ellipse(
      bottom[0],
      bottom[1] + w * 0.14,
      w * 0.5,
      w * 0.3,
      r.c.radial([
        [0, '#fff3d0', 0.45],
        [1, '#fff3d0', 0],
      ]),
    ),
  );
}

/**
 * A room with painted walls (a living room, a bedroom): tiles or wood on the floor (tiles with the odds given),
 * and a back wall to match the paint.
 */
function paintedRoom(rng: Rng, skies: Parameters<typeof pickSky>[1], tiles: number) {
  const c = new Canvas(1600, 1000);
  const r = new Room(c, rng);
  const sky = pickSky(rng, skies);
  const wall = pick(rng, ROOM_WALLS);
  r.shell(rng, wall, chance(rng, tiles) ? 'tiles' : 'wood', backWall(rng, wall));
  return { c, r, sky };
}

/** A rug: a rectangle just above the floor (so it is drawn over it), from x0 to x1 and z0 to z1. */
function layRug(r: Room, x0: number, x1: number, z0: number, z1: number, fill: string): void {
  r.quad(
    [
      [x0, 0.005, z0],
      [x1, 0.005, z0],
      [x1, 0.005, z1],
      [x0, 0.005, z1],
    ],
    fill,
  );
}

/** The light of a lit lamp: a soft ellipse of its colour, fading out from `opacity` at the bulb. */
function lampGlow(
  c: Canvas,
  [x, y]: readonly [number, number],
  rx: number,
  ry: number,
  colour: string,
  opacity: number,
) {
  c.add(
    ellipse(
      x,
      y,
      rx,
      ry,
      c.radial([
        [0, colour, opacity],
        [1, colour, 0],
      ]),
    ),
  );
}

export function livingRoomScene(rng: Rng): string {
  const { c, r, sky } = paintedRoom(rng, ['day', 'morning', 'hazy'], 0.7);
  const d = r.depth;
  const windowOnLeft = chance(rng, 0.5);
  const wx = windowOnLeft ? -r.width / 2 + 0.5 : r.width / 2 - 2.3;
  r.backWindow(
    rng,
    sky,
    wx,
    wx + 1.8,
    0.9,
    2.3,
    pick(
      rng,
      FABRICS.map((f) => shade(f, 0.35)),
    ),
  );
  const sofaX = windowOnLeft ? 0.6 : -0.6;
  r.painting(rng, sofaX - 0.6, 1.45, 1.2, 0.75);
  r.airConditioner(windowOnLeft ? r.width / 2 - 1.3 : -r.width / 2 + 0.4, 2.3, d);
  const rug = pick(rng, ['#d9cbb2', '#8f4a3a', '#3f5566', '#c7b299', '#6d7a5a']);
  layRug(r, sofaX - 1.6, sofaX + 1.6, d - 3.2, d - 0.9, rug);
  // Sofa against the back wall.
  const fabric = pick(rng, FABRICS);
  const [s0, s1] = [sofaX - 1.2, sofaX + 1.2];
  r.box(s0, s1, 0.45, 0.95, d - 0.35, d - 0.1, shade(fabric, -0.05));
  r.box(s0, s1, 0.1, 0.45, d - 1.0, d - 0.1, fabric);
  for (let k = 0; k < 3; k++)
    r.box(s0 + 0.05 + k * 0.78, s0 + 0.75 + k * 0.78, 0.45, 0.55, d - 0.95, d - 0.35, shade(fabric, 0.1));
  r.box(s0 - 0.18, s0, 0.1, 0.68, d - 1.0, d - 0.1, shade(fabric, -0.1));
  r.box(s1, s1 + 0.18, 0.1, 0.68, d - 1.0, d - 0.1, shade(fabric, -0.1));
  const pillow = pick(rng, ['#e7d9b8', '#c96a3c', '#f3efe6', '#d9a441']);
  for (const px of [s0 + 0.2, s1 - 0.55]) r.box(px, px + 0.35, 0.5, 0.85, d - 0.42, d - 0.36, pillow);
  // Coffee table and a side lamp.
  const wood = pick(rng, ['#6b4a33', '#8a6444', '#3b2e25', '#b08a62']);
  for (const lx of [sofaX - 0.55, sofaX + 0.5])
    for (const lz of [d - 2.35, d - 1.75]) r.box(lx, lx + 0.05, 0, 0.38, lz, lz + 0.05, shade(wood, -0.2));
  r.box(sofaX - 0.6, sofaX + 0.6, 0.38, 0.44, d - 2.4, d - 1.7, wood);
  const lampX = windowOnLeft ? s1 + 0.5 : s0 - 0.7;
  r.box(lampX, lampX + 0.04, 0, 1.5, d - 0.5, d - 0.46, '#2b2b2b');
  r.box(lampX - 0.2, lampX + 0.24, 1.5, 1.8, d - 0.68, d - 0.3, '#efe6d2');
  lampGlow(c, r.p(lampX, 1.6, d - 0.5), 160, 130, '#fff1c8', 0.5);
  r.plant(rng, windowOnLeft ? -r.width / 2 + 0.5 : r.width / 2 - 0.6, d - 0.6, 0.9);
  if (chance(rng, 0.6)) {
    // A TV on a low cabinet along the side wall would face the sofa: suggest it with an armchair instead.
    const ax = windowOnLeft ? sofaX - 2.2 : sofaX + 1.6;
    r.box(ax, ax + 0.8, 0.1, 0.45, d - 2.6, d - 1.8, shade(fabric, 0.2));
    r.box(ax, ax + 0.8, 0.45, 0.85, d - 1.95, d - 1.8, shade(fabric, 0.1));
  }
  ceilingLight(r, rng, sofaX, d - 2);
  finish(c, { ...sky, lightAmount: 0.05, light: '#fff1d6' });
  return c.toString();
}

export function kitchenScene(rng: Rng): string {
  const c = new Canvas(1600, 1000);
  const r = new Room(c, rng);
  const sky = pickSky(rng, ['day', 'morning']);
  const wall = pick(rng, ROOM_WALLS);
  r.shell(rng, wall, 'tiles');
  const d = r.depth;
  const half = r.width / 2;
  const cabinet = pick(rng, ['#f4f2ee', '#2f3e4c', '#7b8c7a', '#b08a62', '#d9d2c5', '#4a4f55']);
  const counter = pick(rng, ['#2b2b2b', '#e9e6e0', '#8a7f72', '#c9c2b6']);
  // Backsplash tiles between counter and wall cabinets.
  const [b0, b1] = [r.p(-half + 0.3, 1.55, d), r.p(half - 1.3, 0.92, d)];
  c.add(rect(b0[0], b0[1], b1[0] - b0[0], b1[1] - b0[1], pick(rng, ['#e6ebea', '#f3efe6', '#d5dfe0'])));
  for (let x = b0[0]; x < b1[0]; x += 24) c.add(line(x, b0[1], x, b1[1], '#c8cccc', 1));
  for (let y = b0[1]; y < b1[1]; y += 12) c.add(line(b0[0], y, b1[0], y, '#c8cccc', 1));
  r.backWindow(rng, sky, -0.75, 0.75, 1.1, 2.1, null);
  r.box(-half + 0.3, half - 1.3, 0, 0.88, d - 0.6, d, cabinet);
  r.box(-half + 0.28, half - 1.28, 0.88, 0.93, d - 0.62, d, counter);
  for (let x = -half + 0.3; x < half - 1.3; x += 0.6) {
    const [t, u] = [r.p(x + 0.3, 0.8, d - 0.6), r.p(x + 0.3, 0.05, d - 0.6)];
    c.add(line(t[0], t[1], u[0], u[1], shade(cabinet, -0.25), 1.5));
    const h = r.p(x + 0.24, 0.7, d - 0.6);
    c.add(rect(h[0], h[1], 16, 3, '#9aa0a4'));
  }
  for (const [x0, x1] of [
    [-half + 0.3, -0.95],
    [0.95, half - 1.3],
  ] as const) {
    r.box(x0, x1, 1.6, 2.3, d - 0.35, d, shade(cabinet, 0.04));
    for (let x = x0 + 0.5; x < x1; x += 0.5) {
      const [t, u] = [r.p(x, 2.28, d - 0.35), r.p(x, 1.62, d - 0.35)];
      c.add(line(t[0], t[1], u[0], u[1], shade(cabinet, -0.25), 1.5));
    }
  }
  // Sink below the window, hob and hood on the right.
  r.quad(
    [
      [-0.4, 0.935, d - 0.5],
      [0.4, 0.935, d - 0.5],
      [0.4, 0.935, d - 0.1],
      [-0.4, 0.935, d - 0.1],
    ],
    '#9ea4a8',
  );
  r.box(-0.03, 0.03, 0.93, 1.25, d - 0.12, d - 0.06, '#c5cacd');
  r.quad(
    [
      [1.1, 0.94, d - 0.5],
      [1.8, 0.94, d - 0.5],
      [1.8, 0.94, d - 0.1],
      [1.1, 0.94, d - 0.1],
    ],
    '#1f1f1f',
  );
  r.box(1.15, 1.75, 1.7, 1.85, d - 0.5, d, '#c5cacd');
  r.box(1.35, 1.55, 1.85, 2.6, d - 0.25, d, '#b5babd');
  // Fridge in the corner.
  r.box(half - 1.15, half - 0.35, 0, 1.95, d - 0.75, d, pick(rng, ['#d9dcdd', '#c0c4c6', '#f1f1ef']));
  if (chance(rng, 0.6)) {
    r.box(-1.1, 1.1, 0, 0.9, d - 2.8, d - 2.0, shade(cabinet, -0.05));
    r.box(-1.15, 1.15, 0.9, 0.95, d - 2.85, d - 1.95, counter);
    for (const x of [-0.6, 0.6]) ceilingLight(r, rng, x, d - 2.4);
    if (chance(rng, 0.7))
      c.add(ellipse(...r.p(-0.3, 1.0, d - 2.4), 40, 14, pick(rng, ['#d9a441', '#b5643c', '#6b8e4e'])));
  } else {
    ceilingLight(r, rng, 0, d - 2);
  }
  finish(c, { ...sky, lightAmount: 0.04, light: '#fff6e6' });
  return c.toString();
}

export function bedroomScene(rng: Rng): string {
  const { c, r, sky } = paintedRoom(rng, ['day', 'morning', 'dusk'], 0.6);
  const d = r.depth;
  const half = r.width / 2;
  const bx = between(rng, -0.6, 0.6);
  const wx = bx < 0 ? bx + 1.7 : bx - 3.0;
  r.backWindow(
    rng,
    sky,
    wx,
    wx + 1.3,
    1.0,
    2.2,
    pick(
      rng,
      FABRICS.map((f) => shade(f, 0.4)),
    ),
  );
  r.airConditioner(bx - 0.45, 2.35, d);
  const head = pick(rng, ['#5d4a3a', '#7a6a5a', '#2f3e4c', '#c9b9a0', '#8a8178']);
  r.box(bx - 1.05, bx + 1.05, 0, 1.25, d - 0.12, d - 0.02, head);
  const sheet = pick(rng, ['#f4f1ea', '#e9e4d8', '#dfe6ea']);
  const duvet = pick(rng, ['#f4f1ea', '#c7b299', '#3f5566', '#9c4f37', '#6d7a5a', '#d8cfc2']);
  r.box(bx - 0.95, bx + 0.95, 0.15, 0.32, d - 2.15, d - 0.12, '#4a3b30');
  r.box(bx - 0.95, bx + 0.95, 0.32, 0.55, d - 2.1, d - 0.14, sheet);
  for (const px of [bx - 0.85, bx + 0.05]) r.box(px, px + 0.8, 0.55, 0.72, d - 0.55, d - 0.2, '#fbfaf6');
  r.box(bx - 0.97, bx + 0.97, 0.3, 0.6, d - 2.12, d - 0.75, duvet);
  r.box(bx - 0.97, bx + 0.97, 0.58, 0.62, d - 2.12, d - 1.6, shade(duvet, -0.1));
  for (const nx of [bx - 1.6, bx + 1.1]) {
    r.box(nx, nx + 0.5, 0, 0.55, d - 0.55, d - 0.05, pick(rng, ['#6b4a33', '#d9d2c5', '#3b2e25']));
    r.box(nx + 0.15, nx + 0.35, 0.55, 0.8, d - 0.35, d - 0.25, '#c9b89a');
    r.box(nx + 0.07, nx + 0.43, 0.8, 1.05, d - 0.42, d - 0.18, '#f1e6cf');
    lampGlow(c, r.p(nx + 0.25, 0.9, d - 0.3), 110, 90, '#fff0c2', 0.55);
  }
  if (chance(rng, 0.3)) {
    // Mosquito net hung above the bed.
    const top = r.p(bx, r.height - 0.1, d - 1.1);
    const [l, rr] = [r.p(bx - 1.1, 0.6, d - 2.2), r.p(bx + 1.1, 0.6, d - 2.2)];
    c.add(
      `<path d="M${top[0]} ${top[1]} L${l[0]} ${l[1]} L${rr[0]} ${rr[1]}Z" fill="#ffffff" opacity="0.22"/>`,
    );
  }
  const wardrobe = pick(rng, ['#e9e4dc', '#b08a62', '#d9d2c5', '#c9b9a0']);
  const side = bx < 0 ? half - 0.65 : -half;
  r.box(side, side + 0.65, 0, 2.3, d - 2.8, d - 1.2, wardrobe);
  const rugColour = pick(rng, ['#d9cbb2', '#8f4a3a', '#3f5566', '#c7b299']);
  layRug(r, bx - 1.3, bx + 1.3, d - 3.1, d - 2.15, rugColour);
  finish(c, { ...sky, lightAmount: sky.name === 'dusk' ? 0.1 : 0.04, light: '#ffe6c0' });
  return c.toString();
}

export function workspaceScene(rng: Rng): string {
  const c = new Canvas(1600, 1000);
  const r = new Room(c, rng);
  const sky = pickSky(rng, ['day', 'hazy']);
  r.shell(rng, pick(rng, ['#eef0f0', '#e6e8e6', '#f2f0ec']), 'carpet');
  const d = r.depth;
  const half = r.width / 2;
  for (let x = -half + 0.3; x < half - 1.3; x += 1.7) r.backWindow(rng, sky, x, x + 1.5, 0.8, 2.5, null);
  const desk = pick(rng, ['#f1efea', '#b08a62', '#d9d2c5']);
  const chair = pick(rng, ['#2b2b2b', '#2f4a5e', '#9c4f37']);
  for (let z = d - between(rng, 0.8, 1.2); z - 1.2 > 2.6; z -= 1.9) {
    for (const x of [-2.3, -0.6, 1.1]) {
      r.box(x, x + 0.04, 0, 0.72, z - 0.7, z, shade(desk, -0.3));
      r.box(x + 1.16, x + 1.2, 0, 0.72, z - 0.7, z, shade(desk, -0.3));
      r.box(x, x + 1.2, 0.72, 0.76, z - 0.7, z, desk);
      r.box(x + 0.5, x + 0.56, 0.76, 0.85, z - 0.2, z - 0.16, '#3a3f44');
      r.box(x + 0.3, x + 0.9, 0.85, 1.2, z - 0.22, z - 0.2, '#1f2326');
      r.box(x + 0.56, x + 0.6, 0, 0.45, z - 0.95, z - 0.91, '#3a3f44');
      r.box(x + 0.35, x + 0.8, 0.45, 0.5, z - 1.15, z - 0.75, chair);
      r.box(x + 0.38, x + 0.77, 0.55, 1.0, z - 1.2, z - 1.15, shade(chair, 0.08));
    }
  }
  r.plant(rng, half - 0.7, d - 0.6, 1.1);
  for (const x of [-1.2, 1.2]) ceilingLight(r, rng, x, d - 2.5);
  finish(c, { ...sky, lightAmount: 0.03, light: '#f2f6ff' });
  return c.toString();
}
