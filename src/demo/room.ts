import { between, pick, type Rng } from './random.ts';
import { Canvas, drawPalm, drawSky, drawTree, line, n, poly, rect, shade, type Sky } from './scene-kit.ts';

type Point = readonly [number, number];

/**
 * A room seen in one-point perspective: x to the right, y up, z away from the camera, in metres.
 * The back wall stands at z = depth; the camera is at eye height in the middle of the front.
 */
export class Room {
  readonly c: Canvas;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  private readonly eye: number;
  private readonly focal: number;
  private readonly cx: number;
  private readonly cy: number;

  constructor(c: Canvas, rng: Rng) {
    this.c = c;
    this.width = between(rng, 5.4, 6.6);
    this.height = between(rng, 2.8, 3.1);
    this.depth = between(rng, 6, 7.5);
    this.eye = 1.45;
    this.focal = between(rng, 820, 950);
    this.cx = c.width / 2 + between(rng, -120, 120);
    this.cy = c.height * 0.47;
  }

  p(x: number, y: number, z: number): Point {
    return [this.cx + (this.focal * x) / z, this.cy - (this.focal * (y - this.eye)) / z];
  }

  quad(points: readonly (readonly [number, number, number])[], fill: string, extra = ''): void {
    this.c.add(
      poly(
        points.map(([x, y, z]) => this.p(x, y, z)),
        fill,
        extra,
      ),
    );
  }

  /** A box: its front face, plus the top and the side the camera can see. */
  box(
    x0: number,
    x1: number,
    y0: number,
    y1: number,
    z0: number,
    z1: number,
    colour: string,
    extra = '',
  ): void {
    if (y1 < this.eye)
      this.quad(
        [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        shade(colour, 0.12),
        extra,
      );
    if (y0 > this.eye)
      this.quad(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
        shade(colour, -0.2),
        extra,
      );
    if (x1 < 0)
      this.quad(
        [
          [x1, y0, z0],
          [x1, y0, z1],
          [x1, y1, z1],
          [x1, y1, z0],
        ],
        shade(colour, -0.15),
        extra,
      );
    if (x0 > 0)
      this.quad(
        [
          [x0, y0, z0],
          [x0, y0, z1],
          [x0, y1, z1],
          [x0, y1, z0],
        ],
        shade(colour, -0.15),
        extra,
      );
    this.quad(
      [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y1, z0],
        [x0, y1, z0],
      ],
      colour,
      extra,
    );
  }

  /** Walls, floor and ceiling; the floor is tiles (most Kinshasa homes) or wood. */
  /** `back` paints the back wall in its own colour, as decorators do with one accent wall. */
  shell(rng: Rng, wall: string, floor: 'tiles' | 'wood' | 'carpet', back = wall): void {
    const { c, width: w, height: h, depth: d } = this;
    const half = w / 2;
    const near = 0.5;
    const floorColour =
      floor === 'wood'
        ? pick(rng, ['#a87a52', '#8f6542', '#b98d62'])
        : floor === 'carpet'
          ? '#7d8288'
          : pick(rng, ['#e8e2d6', '#d9d2c5', '#efebe3', '#cfc9be']);
    this.quad(
      [
        [-half, h, near],
        [half, h, near],
        [half, h, d],
        [-half, h, d],
      ],
      shade(wall, 0.25),
    );
    this.quad(
      [
        [-half, 0, near],
        [-half, 0, d],
        [-half, h, d],
        [-half, h, near],
      ],
      shade(wall, -0.1),
    );
    this.quad(
      [
        [half, 0, near],
        [half, 0, d],
        [half, h, d],
        [half, h, near],
      ],
      shade(wall, -0.16),
    );
    this.quad(
      [
        [-half, 0, d],
        [half, 0, d],
        [half, h, d],
        [-half, h, d],
      ],
      c.grad(shade(back, 0.05), shade(back, -0.05)),
    );
    this.quad(
      [
        [-half, 0, near],
        [half, 0, near],
        [half, 0, d],
        [-half, 0, d],
      ],
      c.grad(shade(floorColour, 0.08), shade(floorColour, -0.1)),
    );
    const seam = shade(floorColour, -0.18);
    if (floor !== 'carpet') {
      const step = floor === 'wood' ? 0.2 : 0.6;
      for (let x = -half; x <= half + 0.01; x += step) {
        const [a, b] = [this.p(x, 0, near), this.p(x, 0, d)];
        c.add(line(a[0], a[1], b[0], b[1], seam, 1.2, 'opacity="0.5"'));
      }
      if (floor === 'tiles') {
        for (let z = d; z > near; z -= 0.6) {
          const [a, b] = [this.p(-half, 0, z), this.p(half, 0, z)];
          c.add(line(a[0], a[1], b[0], b[1], seam, 1.2, 'opacity="0.5"'));
        }
      }
    }
    const [s0, s1] = [this.p(-half, 0.1, d), this.p(half, 0.1, d)];
    c.add(rect(s0[0], s1[1], s1[0] - s0[0], this.p(0, 0, d)[1] - s1[1], shade(wall, -0.25)));
  }

  /** A window in the back wall, with a view of sky and greenery and curtains either side. */
  backWindow(
    rng: Rng,
    sky: Sky,
    x0: number,
    x1: number,
    y0: number,
    y1: number,
    curtain: string | null,
  ): void {
    const [a, b] = [this.p(x0, y1, this.depth), this.p(x1, y0, this.depth)];
    const view = new Canvas(n(b[0] - a[0]), n(b[1] - a[1]), `w${Math.floor(a[0])}x`);
    drawSky(view, rng, sky, view.height * 0.75);
    view.add(rect(0, view.height * 0.7, view.width, view.height * 0.3, '#5d8a48'));
    drawTree(view, rng, between(rng, 0, view.width), view.height * 0.8, view.height * 0.25);
    drawPalm(view, rng, between(rng, 0, view.width), view.height * 0.85, view.height * 0.7);
    const inner = view
      .toString()
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    this.c.add(
      `<svg x="${n(a[0])}" y="${n(a[1])}" width="${view.width}" height="${view.height}">${inner}</svg>`,
    );
    this.c.add(
      rect(
        a[0] - 8,
        a[1] - 8,
        b[0] - a[0] + 16,
        b[1] - a[1] + 16,
        'none',
        'stroke="#f4f1ea" stroke-width="12"',
      ),
    );
    this.c.add(line((a[0] + b[0]) / 2, a[1], (a[0] + b[0]) / 2, b[1], '#f4f1ea', 8));
    if (curtain) {
      const cw = (b[0] - a[0]) * 0.22;
      for (const x of [a[0] - cw * 0.7, b[0] - cw * 0.3]) {
        this.c.add(
          rect(
            x,
            a[1] - 30,
            cw,
            b[1] - a[1] + 70,
            this.c.linear(
              [
                [0, curtain],
                [0.3, shade(curtain, -0.15)],
                [0.6, curtain],
                [1, shade(curtain, -0.2)],
              ],
              1,
              0,
            ),
          ),
        );
      }
      this.c.add(rect(a[0] - cw, a[1] - 36, b[0] - a[0] + 2 * cw, 6, '#4a4037'));
    }
  }

  /** The white split air-conditioner found in every rented flat. */
  airConditioner(x: number, y: number, z: number): void {
    const [a, b] = [this.p(x, y + 0.3, z), this.p(x + 0.9, y, z)];
    this.c.add(rect(a[0], a[1], b[0] - a[0], b[1] - a[1], '#f7f7f5', 'rx="6"'));
    this.c.add(rect(a[0] + 6, b[1] - 10, b[0] - a[0] - 12, 4, '#b9bcbf'));
  }

  plant(rng: Rng, x: number, z: number, size: number): void {
    this.box(x - 0.18, x + 0.18, 0, 0.4, z, z + 0.36, pick(rng, ['#d9d2c5', '#3b3b3b', '#b86b4b']));
    const [px, py] = this.p(x, 0.4, z + 0.18);
    const scale = this.focal / z;
    for (let i = 0; i < 9; i++) {
      const a = -Math.PI / 2 + between(rng, -1.1, 1.1);
      const len = size * scale * between(rng, 0.5, 1);
      const tx = px + Math.cos(a) * len;
      const ty = py + Math.sin(a) * len;
      this.c.add(
        `<path d="M${n(px)} ${n(py)} Q${n((px + tx) / 2 - 12)} ${n((py + ty) / 2)} ${n(tx)} ${n(ty)} Q${n((px + tx) / 2 + 12)} ${n((py + ty) / 2)} ${n(px)} ${n(py)}Z" fill="${pick(rng, ['#2f6b35', '#3d7f3a', '#4f8f3f'])}"/>`,
      );
    }
  }

  /** A picture on the back wall: blocks of colour like the abstract canvases sold in Gombe galleries. */
  painting(rng: Rng, x: number, y: number, w: number, h: number): void {
    const [a, b] = [this.p(x, y + h, this.depth), this.p(x + w, y, this.depth)];
    const [pw, ph] = [b[0] - a[0], b[1] - a[1]];
    this.c.add(
      rect(a[0] - 6, a[1] - 6, pw + 12, ph + 12, '#2b2623'),
      rect(a[0], a[1], pw, ph, pick(rng, ['#efe4cf', '#d9c3a0', '#e8dcc8'])),
    );
    for (let i = 0; i < 4; i++) {
      const colour = pick(rng, ['#b5643c', '#2f6f73', '#d9a441', '#2b3d55', '#8c3b3b', '#6b8e4e']);
      this.c.add(
        rect(
          a[0] + between(rng, 0, 0.6) * pw,
          a[1] + between(rng, 0, 0.6) * ph,
          pw * between(rng, 0.2, 0.4),
          ph * between(rng, 0.2, 0.4),
          colour,
          'opacity="0.85"',
        ),
      );
    }
  }
}
