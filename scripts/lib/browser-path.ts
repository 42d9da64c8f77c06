// The Chromium that end-to-end tests, screenshots and the bench drive, found in this order: CHROMIUM_PATH, a
// system Chromium on PATH, then Playwright's own browser if `npx playwright install chromium` put it there.
// Playwright cannot download its browser on every machine (CI's cannot), so no step assumes it.
// Tests ask for the headless shell first, as Playwright itself does for headless runs: the same Blink and V8
// without the full browser's UI layers, about half the browser process's CPU and a fifth off the e2e suite
// (decision 0038). Screenshots and benches keep the full Chromium, the browser a visitor runs.
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

export interface FoundBrowser {
  path: string;
  /** Where it was found, for one line of output. */
  source: 'CHROMIUM_PATH' | 'PATH' | 'Playwright';
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** Debian's package `chromium-headless-shell` (Chromium's old headless mode, a binary of its own). */
const SHELL_NAMES = ['chromium-headless-shell'];

/** Flags for a headless Chromium in containers and CI (no sandbox as root, small /dev/shm, no GPU). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
];

export const NO_BROWSER_HELP =
  'No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome, install one (Debian/Ubuntu: apt-get install chromium), or run `npx playwright install chromium`.';

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(pathVariable: string | undefined, names: string[]): string | null {
  for (const name of names) {
    for (const dir of (pathVariable ?? '').split(delimiter)) {
      if (dir && executable(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

/** Where Playwright installs its Chromium (whether or not it is there). */
function playwrightChromium(): string | null {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as {
      chromium: { executablePath(): string };
    };
    return chromium.executablePath();
  } catch {
    return null;
  }
}

export interface BrowserWanted {
  /** A headless shell on PATH comes before a full Chromium (tests; not what visitors run, so not benches). */
  shell?: boolean;
}

/**
 * The first Chromium of CHROMIUM_PATH, PATH and Playwright's browsers, or null. A CHROMIUM_PATH naming no
 * executable is an error rather than skipped: whoever set it means that browser.
 */
export function findChromium(
  environment: { CHROMIUM_PATH?: string | undefined; PATH?: string | undefined } = process.env,
  wanted: BrowserWanted = {},
): FoundBrowser | null {
  const configured = environment.CHROMIUM_PATH;
  if (configured) {
    if (!executable(configured)) throw new Error(`CHROMIUM_PATH=${configured} is not an executable file.`);
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  const system = onPath(environment.PATH, wanted.shell ? [...SHELL_NAMES, ...SYSTEM_NAMES] : SYSTEM_NAMES);
  if (system) return { path: system, source: 'PATH' };
  const own = playwrightChromium();
  if (own && existsSync(own)) return { path: own, source: 'Playwright' };
  return null;
}

/** The Chromium to use, or an error whose message says how to get one. */
export function chromiumPath(wanted: BrowserWanted = {}): string {
  const found = findChromium(process.env, wanted);
  if (!found) throw new Error(NO_BROWSER_HELP);
  return found.path;
}
