/** Rounds coordinates to one decimal so the SVG text stays small. */
export const n = (v: number) => Math.round(v * 10) / 10;

/** Collects gradient definitions and shapes, and hands out ids unique within one picture. */
export class Canvas {
  readonly width: number;
  readonly height: number;
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly prefix: string;
  private counter = 0;

  /** `prefix` keeps ids apart when one picture is nested in another. */
  constructor(width: number, height: number, prefix = 'd') {
    this.width = width;
    this.height = height;
    this.prefix = prefix;
  }

  add(...shapes: string[]): void {
    this.body.push(...shapes);
  }

  def(markup: (id: string) => string): string {
    const id = `${this.prefix}${this.counter++}`;
    this.defs.push(markup(id));
    return id;
  }

  /** A linear gradient, vertical unless told; returns the `url(#…)` to use as a fill. */
  linear(stops: readonly (readonly [number, string, number?])[], x2 = 0, y2 = 1): string {
    const id = this.def(
      (id) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Two-colour linear gradient, top to bottom unless told. */
  grad(from: string, to: string, x2 = 0, y2 = 1): string {
    return this.linear(
      [
        [0, from],
        [1, to],
      ],
      x2,
      y2,
    );
  }

  radial(stops: readonly (readonly [number, string, number?])[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.def(
      (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopsOf(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
}

/** Mixes two #rrggbb colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

/** Darkens (t < 0) or lightens (t > 0) a colour. */
export const shade = (c: string, t: number) => (t < 0 ? mix(c, '#000000', -t) : mix(c, '#ffffff', t));

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const poly = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}"${extra ? ` ${extra}` : ''}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
