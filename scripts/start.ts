// `npm start`: run the server (API, media, site) on one port, then build the public site from that very
// API and swap it in. Until the first build is done the site answers "en préparation"; on later starts
// the previous build stays online while the new one is made.
import { spawn } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiUrl, env } from '../src/env.ts';

await import('../src/server/server.ts');

const config = env();
const root = fileURLToPath(new URL('..', import.meta.url));
const astro = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const siteDir = resolve(root, config.SITE_DIR);
const next = `${siteDir}.next`;

console.log(`Building the public site from ${buildApiUrl(config)}…`);
const started = performance.now();
await rm(next, { recursive: true, force: true });
const code = await new Promise<number | null>((done) => {
  const child = spawn(process.execPath, [astro, 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_OUT_DIR: next, API_URL: buildApiUrl(config) },
  });
  child.on('exit', done);
});
if (code === 0) {
  const old = `${siteDir}.old`;
  await rm(old, { recursive: true, force: true });
  await rename(siteDir, old).catch(() => {});
  await rename(next, siteDir);
  await rm(old, { recursive: true, force: true });
  console.log(`Public site built in ${Math.round(performance.now() - started) / 1000} s and online.`);
} else {
  console.error('The site build failed (see above); the server keeps serving the previous build, if any.');
}
