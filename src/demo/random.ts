/** Small deterministic helpers over a `() => number` source in [0, 1), so the demo is the same on every run. */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for demo data. */
export function seededRandom(seed = 0x4e44414b): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick: empty list');
  return items[Math.floor(rng() * items.length) % items.length] as T;
}

/** Integer in [min, max], both included. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Float in [min, max). */
export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

/** Picks a value with probability proportional to its weight. */
export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('weighted: empty list');
  return last[0];
}

/** `count` distinct items in random order (all of them when the list is shorter). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.max(0, count));
}

export function hex(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(rng() * 16).toString(16);
  return out;
}

/** Skewed towards the low end: `power` > 1 makes small values more likely. */
export function skewed(rng: Rng, min: number, max: number, power: number): number {
  return min + (max - min) * Math.pow(rng(), power);
}
