import { between, int, weighted, type Rng } from './random.ts';
import type { Canvas } from './canvas.ts';
import { ellipse, mix, n, rect } from './canvas.ts';

export interface Sky {
  name: 'day' | 'hazy' | 'morning' | 'dusk';
  stops: readonly (readonly [number, string])[];
  /** Tint laid over everything lit by this sky, and how strongly. */
  light: string;
  lightAmount: number;
  /** Windows seen from outside: lit and warm at dusk, reflecting the sky otherwise. */
  glass: readonly [string, string];
}

export const SKIES: readonly Sky[] = [
  {
    name: 'day',
    stops: [
      [0, '#2f7fc8'],
      [0.55, '#79b6e4'],
      [1, '#d8edf8'],
    ],
    light: '#fff6e0',
    lightAmount: 0,
    glass: ['#9cc7e6', '#3e6a8c'],
  },
  {
    name: 'hazy',
    stops: [
      [0, '#8fabc2'],
      [0.6, '#bfd0dc'],
      [1, '#e6eaea'],
    ],
    light: '#e9eef2',
    lightAmount: 0.06,
    glass: ['#b7c9d6', '#56697a'],
  },
  {
    name: 'morning',
    stops: [
      [0, '#5f9bd0'],
      [0.6, '#bcd6e6'],
      [1, '#f6dfb8'],
    ],
    light: '#ffe2b0',
    lightAmount: 0.08,
    glass: ['#c4d9e8', '#4a6b85'],
  },
  {
    name: 'dusk',
    stops: [
      [0, '#23355f'],
      [0.45, '#7a5a86'],
      [0.75, '#e0876a'],
      [1, '#f8c27e'],
    ],
    light: '#ff9a5a',
    lightAmount: 0.16,
    glass: ['#6f7394', '#363a57'],
  },
];

/** Mostly clear days, some grey dry-season skies, a few dusks. */
export function pickSky(rng: Rng, allowed: readonly Sky['name'][] = ['day', 'hazy', 'morning', 'dusk']): Sky {
  const weights: Record<Sky['name'], number> = { day: 45, hazy: 20, morning: 20, dusk: 15 };
  const options = SKIES.filter((s) => allowed.includes(s.name)).map((s) => [s, weights[s.name]] as const);
  return weighted(rng, options);
}

/** Sky gradient, sun glow and a few soft clouds down to `horizon`. */
export function drawSky(c: Canvas, rng: Rng, sky: Sky, horizon: number): void {
  c.add(rect(0, 0, c.width, horizon + 2, c.linear(sky.stops.map(([o, col]) => [o, col] as const))));
  const sunX = between(rng, 0.1, 0.9) * c.width;
  const sunY = sky.name === 'dusk' ? horizon * 0.85 : between(rng, 0.08, 0.3) * horizon;
  const glow = sky.name === 'dusk' ? '#ffd28a' : '#fffbe8';
  c.add(
    ellipse(
      sunX,
      sunY,
      c.width * 0.35,
      horizon * 0.6,
      c.radial([
        [0, glow, 0.75],
        [1, glow, 0],
      ]),
    ),
  );
  const clouds = sky.name === 'hazy' ? int(rng, 1, 3) : int(rng, 2, 5);
  const cloudColour = sky.name === 'dusk' ? '#f6c1a0' : '#ffffff';
  const soft = c.radial([
    [0, cloudColour, 0.85],
    [0.7, cloudColour, 0.5],
    [1, cloudColour, 0],
  ]);
  for (let i = 0; i < clouds; i++) {
    const cx = between(rng, -0.05, 1.05) * c.width;
    const cy = between(rng, 0.1, 0.55) * horizon;
    const w = between(rng, 120, 300);
    for (let k = 0; k < 5; k++) {
      c.add(
        ellipse(
          cx + between(rng, -w, w) * 0.6,
          cy + between(rng, -18, 10),
          w * between(rng, 0.35, 0.6),
          w * 0.18,
          soft,
        ),
      );
    }
  }
}

/** Distant wooded hills, like the skyline of Ngaliema and Mont-Ngafula, bluish with distance. */
export function drawHills(c: Canvas, rng: Rng, horizon: number, sky: Sky): void {
  const far = mix('#5d7f6a', sky.stops[sky.stops.length - 1]?.[1] ?? '#ffffff', 0.55);
  for (const [colour, lift] of [
    [far, 70],
    [mix(far, '#3b5e3a', 0.5), 35],
  ] as const) {
    let d = `M0 ${horizon}`;
    const steps = 6;
    for (let i = 0; i <= steps; i++) {
      const x = (i / steps) * c.width;
      const y = horizon - lift * between(rng, 0.4, 1.2);
      d += ` Q${n(x - c.width / steps / 2)} ${n(y - between(rng, 0, 25))} ${n(x)} ${n(y)}`;
    }
    c.add(`<path d="${d} L${c.width} ${horizon + 2} L0 ${horizon + 2}Z" fill="${colour}"/>`);
  }
}

/** Warm or cool light over the whole picture and a soft vignette, like a photograph. */
export function finish(c: Canvas, sky: Sky): void {
  if (sky.lightAmount > 0) c.add(rect(0, 0, c.width, c.height, sky.light, `opacity="${sky.lightAmount}"`));
  c.add(
    rect(
      0,
      0,
      c.width,
      c.height,
      c.radial(
        [
          [0.6, '#000000', 0],
          [1, '#000000', 0.28],
        ],
        0.5,
        0.5,
        0.75,
      ),
    ),
  );
}
