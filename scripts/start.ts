// `npm start`: build the public site, then run the server (API + media + site) on one port.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const astro = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

console.log('Building the public site…');
const build = spawnSync(process.execPath, [astro, 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The site build failed; see the messages above.');
  process.exit(build.status ?? 1);
}
await import('../src/server/server.ts');
