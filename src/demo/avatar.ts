import { pick, type Rng } from './random.ts';
import { Canvas, ellipse, shade } from './scene-kit.ts';

const BACKGROUNDS = [
  ['#1f4e5f', '#2f6f73'],
  ['#2b3d55', '#41618a'],
  ['#8c5a3c', '#c08a5a'],
  ['#4f6b4f', '#7a9a6a'],
  ['#6d2f3f', '#a0505f'],
  ['#3b3f5c', '#6a6f9a'],
  ['#b5643c', '#d9935e'],
  ['#37474f', '#607d8b'],
] as const;
const SKIN = ['#5a3825', '#6b4226', '#7a4b2e', '#4a2e1f', '#8a5a3a'];
const CLOTHES = ['#1f2a36', '#2b3d55', '#f1ede4', '#6d2f3f', '#2f4f3f', '#3a3a3a', '#c9a56a', '#1f4e5f'];

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .slice(0, 2)
    .join('');

/** A stylised portrait: head and shoulders on a coloured ground, and the person's initials. */
export function avatarSvg(rng: Rng, name: string, gender: 'f' | 'm', index: number): string {
  const size = 600;
  const c = new Canvas(size, size);
  const [bgTop, bgBottom] = BACKGROUNDS[index % BACKGROUNDS.length] ?? BACKGROUNDS[0];
  c.add(`<rect width="${size}" height="${size}" fill="${c.grad(bgBottom, bgTop, 0.4, 1)}"/>`);
  c.add(
    ellipse(
      300,
      230,
      260,
      220,
      c.radial([
        [0, '#ffffff', 0.22],
        [1, '#ffffff', 0],
      ]),
    ),
  );
  const skin = pick(rng, SKIN);
  const clothes = pick(rng, CLOTHES);
  const cx = 300;
  // Shoulders and torso.
  c.add(
    `<path d="M${cx - 230} 600 C${cx - 225} 470 ${cx - 150} 420 ${cx - 60} 410 L${cx + 60} 410 ` +
      `C${cx + 150} 420 ${cx + 225} 470 ${cx + 230} 600Z" fill="${c.grad(shade(clothes, 0.12), shade(clothes, -0.15))}"/>`,
  );
  // Neck, then a collar: shirt and lapels for men, a round neckline for women.
  c.add(
    `<path d="M${cx - 42} 330 L${cx - 46} 425 Q${cx} 455 ${cx + 46} 425 L${cx + 42} 330Z" fill="${shade(skin, -0.12)}"/>`,
  );
  if (gender === 'm') {
    c.add(
      `<path d="M${cx - 50} 412 L${cx} 500 L${cx + 50} 412 L${cx + 22} 405 L${cx} 440 L${cx - 22} 405Z" fill="#f6f4ef"/>`,
    );
    c.add(
      `<path d="M${cx - 9} 440 L${cx + 9} 440 L${cx + 14} 540 L${cx} 560 L${cx - 14} 540Z" fill="${pick(rng, ['#8c2f39', '#1f3b57', '#5a4a2a', '#2f4f3f'])}"/>`,
    );
    c.add(
      `<path d="M${cx - 60} 410 L${cx - 12} 520 L${cx - 100} 600 L${cx - 140} 600 L${cx - 110} 440Z" fill="${shade(clothes, -0.25)}" opacity="0.6"/>`,
    );
    c.add(
      `<path d="M${cx + 60} 410 L${cx + 12} 520 L${cx + 100} 600 L${cx + 140} 600 L${cx + 110} 440Z" fill="${shade(clothes, -0.25)}" opacity="0.6"/>`,
    );
  } else {
    c.add(`<path d="M${cx - 62} 412 Q${cx} 480 ${cx + 62} 412" fill="${shade(skin, -0.05)}"/>`);
    c.add(
      `<path d="M${cx - 55} 450 Q${cx} 500 ${cx + 55} 450" stroke="#e8c77a" stroke-width="5" fill="none"/>`,
    );
  }
  // Head, ears and hair.
  c.add(ellipse(cx - 92, 262, 18, 30, shade(skin, -0.08)), ellipse(cx + 92, 262, 18, 30, shade(skin, -0.08)));
  c.add(ellipse(cx, 250, 92, 112, c.grad(shade(skin, 0.12), shade(skin, -0.06), 1, 0.3)));
  const hair = '#15110f';
  if (gender === 'm') {
    c.add(
      `<path d="M${cx - 92} 235 Q${cx - 95} 140 ${cx} 135 Q${cx + 95} 140 ${cx + 92} 235 Q${cx + 80} 178 ${cx} 172 Q${cx - 80} 178 ${cx - 92} 235Z" fill="${hair}"/>`,
    );
  } else if (index % 2 === 0) {
    // Natural hair, rounded.
    c.add(
      `<path d="M${cx - 118} 290 Q${cx - 150} 120 ${cx} 110 Q${cx + 150} 120 ${cx + 118} 290 Q${cx + 100} 190 ${cx} 175 Q${cx - 100} 190 ${cx - 118} 290Z" fill="${hair}"/>`,
    );
  } else {
    // Hair gathered in a bun, or a head wrap in a wax print colour.
    const wrap = pick(rng, ['#b5282e', '#1f6f73', '#6a2c70', '#c25b12']);
    c.add(ellipse(cx, 128, 104, 62, wrap), ellipse(cx + 40, 96, 46, 34, shade(wrap, -0.15)));
    c.add(
      `<path d="M${cx - 96} 250 Q${cx - 100} 150 ${cx} 145 Q${cx + 100} 150 ${cx + 96} 250 Q${cx + 82} 190 ${cx} 182 Q${cx - 82} 190 ${cx - 96} 250Z" fill="${wrap}"/>`,
    );
  }
  // Initials on a round badge.
  c.add(`<circle cx="500" cy="500" r="72" fill="#ffffff" opacity="0.92"/>`);
  c.add(
    `<text x="500" y="525" font-family="DejaVu Sans" font-weight="bold" font-size="66" fill="${bgTop}" text-anchor="middle">${initialsOf(name)}</text>`,
  );
  return c.toString();
}
