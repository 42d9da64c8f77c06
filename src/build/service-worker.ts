import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { AgencySettings } from '../contract/index.ts';
import type { WorkerConfig } from '../service-worker/config.ts';
import { env } from '../env.ts';
import { mediaPhoto } from '../media/media-photo.ts';
import { mediaStore } from '../media/store.ts';
import { DEFAULT_LANG, LANGS, translator, type Lang } from '../i18n/index.ts';
import { ASSETS } from './site-manifest.ts';

// Decision 0026: what makes the public site an installable app that opens without
// signal: /sw.js (the service worker, src/service-worker/sw.ts compiled here with its build's identity), one web
// app manifest per language and its
// icons, drawn here with sharp. The site renderer writes them (src/build/render).

/** The stated size of the worker's one cache: past either bound the oldest entries are evicted. */
export const SW_CACHE_LIMITS = { maxEntries: 300, maxBytes: 10 * 1024 * 1024 };
export const MANIFEST_FILE = 'manifest.webmanifest';
const ICON_SIZES = [192, 512] as const;

const prefixOf = (lang: Lang) => (lang === DEFAULT_LANG ? '' : `${lang}/`);

/** The site's design tokens (src/styles/global.css): the app's colours are the site's. */
export async function themeColours(css?: string) {
  const text = css ?? (await readFile(new URL('../styles/global.css', import.meta.url), 'utf8'));
  const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(text)?.[1];
  return { theme: token('green-800') ?? '#0f3d2e', background: token('cream') ?? '#f7f5f0' };
}

/** The home screen's label: the agency's name, or its first word when the name is long. */
export const shortName = (name: string) =>
  name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);

export function webAppManifest(
  lang: Lang,
  settings: Pick<AgencySettings, 'name'>,
  colours: { theme: string; background: string },
) {
  const t = translator(lang, { agency: settings.name });
  const start = `/${prefixOf(lang)}`;
  return {
    name: settings.name,
    short_name: shortName(settings.name),
    description: t('meta.home.description'),
    lang,
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: colours.theme,
    background_color: colours.background,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The site's own mark (public/favicon.svg) when the agency uploaded no logo; else its logo on the cream. */
async function drawIcon(size: number, maskable: boolean, logo: Buffer | null, background: string) {
  // A maskable icon keeps its content inside the middle 80 %; the plain one fills the square.
  const inner = Math.round(size * (maskable ? 0.6 : logo ? 0.84 : 1));
  const mark = logo ?? (await readFile(new URL('../../public/favicon.svg', import.meta.url)));
  const picture = await sharp(mark, { density: 72 * Math.ceil(inner / 32) })
    .resize(inner, inner, { fit: 'contain', background })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: picture, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The worker's one expression that the build replaces with its settings (a `WorkerConfig`). */
const SETTINGS = 'self.__NDAKO_SW__';
let compiled: Promise<string> | undefined;

/** The worker's TypeScript (src/service-worker/sw.ts) minified by esbuild, once a process: it is the same code for every build. */
function compiledWorker(): Promise<string> {
  compiled ??= readFile(new URL('../service-worker/sw.ts', import.meta.url), 'utf8').then(async (source) => {
    const { code } = await transform(source, {
      loader: 'ts',
      format: 'iife',
      minify: true,
      target: 'es2022',
    });
    if (code.split(SETTINGS).length !== 2)
      throw new Error(`src/service-worker/sw.ts must read ${SETTINGS} once`);
    return code;
  });
  return compiled;
}

/**
 * sw.js: the compiled worker with the build's identity, its languages, the folder of the build's scripts and
 * styles (the site manifest's) and its limits in place of its settings. The identity is a digest of the site's
 * pages: a publish that changes a page is a new worker, which deletes the caches of the old one; two builds of
 * the same site write the same file.
 */
export async function serviceWorkerSource(build: string): Promise<string> {
  const config: WorkerConfig = {
    build,
    prefixes: LANGS.filter((l) => l !== DEFAULT_LANG).map(prefixOf),
    assets: ASSETS,
    ...SW_CACHE_LIMITS,
  };
  return (await compiledWorker()).replace(SETTINGS, () => JSON.stringify(config));
}

/**
 * The web app's files (decision 0026): one manifest per language and the icons, drawn from the agency's
 * settings and logo (read from the media store, DATA_DIR/media or the bucket of MEDIA_STORE=s3, by name).
 */
export async function webAppFiles(settings: AgencySettings): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const colours = await themeColours();
  for (const lang of LANGS)
    files.set(
      `${prefixOf(lang)}${MANIFEST_FILE}`,
      Buffer.from(JSON.stringify(webAppManifest(lang, settings, colours))),
    );
  const e = env();
  const logo = await mediaPhoto(settings.logo, mediaStore(e), e.MEDIA_PUBLIC_BASE);
  for (const size of ICON_SIZES)
    files.set(`icons/icon-${size}.png`, await drawIcon(size, false, logo, colours.background));
  files.set('icons/maskable-512.png', await drawIcon(512, true, logo, colours.theme));
  return files;
}
