import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import type { AgencySettings } from '../contract/index.ts';
import { env } from '../env.ts';
import { mediaPhoto } from '../media/media-photo.ts';
import { mediaStore } from '../media/store.ts';
import { DEFAULT_LANG, LANGS, translator, type Lang } from '../i18n/index.ts';
import { settingsOfThisBuild } from './agency-settings.ts';
import { agencySettings } from './site-config.ts';

// Issue 12, part 2 (decision 0026): what makes the public site an installable app that opens without
// signal. After the build: /sw.js (the service worker, with this build's identity), one web app manifest
// per language and its icons, drawn here with sharp.

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

/** sw.js: the template (src/build/sw.js) with this build's identity and limits in place of its settings line. */
export async function serviceWorkerSource(build: string): Promise<string> {
  const template = await readFile(new URL('./sw.js', import.meta.url), 'utf8');
  const config = {
    build,
    prefixes: LANGS.filter((l) => l !== DEFAULT_LANG).map(prefixOf),
    ...SW_CACHE_LIMITS,
  };
  const line = 'const CONFIG = self.__NDAKO_SW__;';
  if (!template.includes(line)) throw new Error(`src/build/sw.js lost its settings line: ${line}`);
  return template
    .replace(line, `const CONFIG = ${JSON.stringify(config)};`)
    .replace(/^\/\* global [^*]*\*\/\n/, '');
}

export function webApp(): AstroIntegration {
  return {
    name: 'ndako-web-app',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = dir.pathname;
        const settings = settingsOfThisBuild() ?? agencySettings();
        const colours = await themeColours();
        // The build's identity: a new publish is a new worker, which deletes the caches of the old one.
        const build = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
        await writeFile(join(root, 'sw.js'), await serviceWorkerSource(build));
        for (const lang of LANGS) {
          await mkdir(join(root, prefixOf(lang)), { recursive: true });
          await writeFile(
            join(root, prefixOf(lang), MANIFEST_FILE),
            JSON.stringify(webAppManifest(lang, settings, colours)),
          );
        }
        // The logo is read from the media store (DATA_DIR/media or the bucket of MEDIA_STORE=s3), by name.
        const e = env();
        const logo = await mediaPhoto(settings.logo, mediaStore(e), e.MEDIA_PUBLIC_BASE);
        await mkdir(join(root, 'icons'), { recursive: true });
        for (const size of ICON_SIZES)
          await writeFile(
            join(root, 'icons', `icon-${size}.png`),
            await drawIcon(size, false, logo, colours.background),
          );
        await writeFile(
          join(root, 'icons', 'maskable-512.png'),
          await drawIcon(512, true, logo, colours.theme),
        );
        logger.info(
          `sw.js (build ${build}), ${LANGS.length} web app manifests, icons${logo ? ' from the logo' : ''}`,
        );
      },
    },
  };
}
