import sharp from 'sharp';

/** WhatsApp and Facebook previews: 1200 × 630 JPEG, under ~300 KB (WhatsApp's limit). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export interface ShareImageInput {
  /** The listing's main photo, any format sharp reads; null draws the brand background alone. */
  photo: Buffer | null;
  title: string;
  price: string;
  commune: string;
  badge: string;
  agency: string;
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** The picture a shared listing shows: its photo, and over it the price, the commune and the title. */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  const overlay =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.3" stop-color="#0a2a20" stop-opacity="0"/><stop offset="0.6" stop-color="#0a2a20" stop-opacity="0.7"/><stop offset="1" stop-color="#0a2a20" stop-opacity="0.95"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="48" y="40" rx="22" width="${40 + input.badge.length * 17}" height="44" fill="#b24a22"/>
    <text x="68" y="71" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff">${xml(input.badge)}</text>
    <text x="48" y="430" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="800" fill="#f5c842">${xml(clip(input.price, 28))}</text>
    <text x="48" y="492" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" font-weight="700" fill="#fff">${xml(clip(input.commune, 40))} · Kinshasa</text>
    <text x="48" y="548" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#fff" fill-opacity="0.92">${xml(clip(input.title, 60))}</text>
    <text x="${SHARE_WIDTH - 48}" y="598" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#f5c842">${xml(input.agency)}</text>
  </svg>`);
  const base = input.photo
    ? sharp(input.photo).rotate().resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'cover' })
    : sharp({ create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: '#0f3d2e' } });
  return (
    base
      .composite([{ input: overlay }])
      // libjpeg-turbo, not mozjpeg: five times faster to encode (the API draws a picture on a listing's first
      // share, while a crawler waits) for files about a quarter larger, far under WhatsApp's 300 KB.
      .jpeg({ quality: 78, mozjpeg: false })
      .toBuffer()
  );
}

/**
 * The share picture over the photo, or without it when the photo does not decode: a broken upload costs
 * the picture its photo, never the answer. `withPhoto` says which was drawn.
 */
export async function drawShareImage(input: ShareImageInput): Promise<{ image: Buffer; withPhoto: boolean }> {
  if (input.photo) {
    try {
      return { image: await renderShareImage(input), withPhoto: true };
    } catch {
      // An unreadable picture is skipped, below.
    }
  }
  return { image: await renderShareImage({ ...input, photo: null }), withPhoto: false };
}
