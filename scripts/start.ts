// `npm start`: run the server (API, media, site) on one port, then publish the public site through the
// server's own publisher: built from that very API into a new folder and switched in when it succeeds.
// Until the first build is done the site answers "en préparation"; on later starts the previous build stays
// online while the new one is made.
import { buildApiUrl, env } from '../src/env.ts';
import { startBanner } from '../src/server/banner.ts';
import { startServer } from '../src/server/server.ts';
import { STARTUP } from '../src/server/publishing/publisher.ts';

const app = await startServer();
// Whoever starts it in a terminal first reads where everything is, with the agency's stored name (hence
// after the database is open); log collectors get only the log.
if (process.stdout.isTTY) console.log(startBanner(env(), (await app.repos.settings.agency()).name));
const { publisher } = app;

if (publisher.mode === 'hook') {
  console.log('Publishing goes through PUBLISH_HOOK_URL: no local site build at start-up.');
} else {
  console.log(`Building the public site from ${buildApiUrl(env())}…`);
  publisher.publish(STARTUP);
  // A line when the build moves on to another step or another tenth of its pages, with the pages rendered
  // out of the pages to render ("Génération des pages : 3 012 sur 30 120 (10 %)").
  let said = '';
  const progress = setInterval(() => {
    void publisher
      .state()
      .then(({ step, progress: percent }) => {
        if (!step) return;
        const tenth = percent === null ? '' : `${Math.floor(percent / 10) * 10} %`;
        const key = `${step.split(' : ')[0]} ${tenth}`;
        if (key === said) return;
        said = key;
        console.log(`  ${step}${tenth ? ` (${percent} %)` : ''}`);
      })
      .catch(() => {});
  }, 1000);
  const outcome = await publisher.settled();
  clearInterval(progress);
  if (!outcome) {
    // The lease was another instance's (decision 0031): it builds, for this start-up too, into the shared SITE_DIR.
    console.log('Another instance on this database is publishing the site: it is built there.');
  } else if (outcome.ok) {
    console.log(`Public site built in ${Math.round(outcome.durationMs / 100) / 10} s and online.`);
  } else {
    console.error(
      `The site build failed; the server keeps serving the previous build, if any.\n${outcome.error ?? ''}`,
    );
  }
}
