import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readlink, rename, rm, rmdir, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * Deletes a folder tree in a child process. A build is about 117,000 files at 10,000 listings: deleted by
 * this process, its unlinks filled libuv's four threads for 35–40 s, and every file the server sent
 * meanwhile (pages, media) waited behind them; the bench saw the new page 39 s after its publish had
 * ended. Another process has threads of its own.
 */
function removeTree(dir: string): Promise<void> {
  return new Promise((done, fail) => {
    const script = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })";
    const child = spawn(process.execPath, ['-e', script, dir], { stdio: 'ignore' });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`deleting ${dir} failed (exit code ${code})`)),
    );
  });
}

/**
 * The public site's folder, versioned: SITE_DIR is a symbolic link to one build under SITE_DIR.builds/.
 * A new build is written beside the live one and put online by renaming a fresh link over SITE_DIR, which
 * POSIX makes atomic: every request sees the old site or the new one, never a half-copied folder. The
 * previous build is kept, because pages cached in a browser may still ask for its /_astro assets.
 */
export function siteFolder(siteDir: string) {
  const live = resolve(siteDir);
  const builds = `${live}.builds`;
  /** Old builds being deleted, one after the other, after the switches that let them go. */
  let pruning = Promise.resolve();
  const deleting = new Set<string>();
  const unique = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

  /** The build SITE_DIR points at, or null when it is not (yet) a link. */
  async function current(): Promise<string | null> {
    try {
      return resolve(dirname(live), await readlink(live));
    } catch {
      return null;
    }
  }

  /**
   * Before the first versioned publish SITE_DIR may be a plain folder (older installs, or the empty one
   * made at start-up). It becomes a kept build, or goes if empty; it is away for the instant between this
   * rename and the link's, once.
   */
  async function adoptPlainFolder(): Promise<string | null> {
    const stat = await lstat(live).catch(() => null);
    if (!stat || stat.isSymbolicLink()) return null;
    if (stat.isDirectory() && (await readdir(live)).length === 0) {
      await rmdir(live);
      return null;
    }
    const kept = join(builds, `previous-${unique()}`);
    await rename(live, kept);
    return kept;
  }

  return {
    /** The build online now (what an incremental build may reuse), or null. */
    current,

    /** A new empty folder for the next build. */
    async create(): Promise<string> {
      const dir = join(builds, unique());
      await mkdir(dir, { recursive: true });
      return dir;
    },

    /**
     * Puts `build` online atomically and keeps the build it replaces. Older builds are deleted after it, in
     * the background: a build is some 100,000 files at 10,000 listings, and unlinking them took 13 s and more
     * that the publish's editor waited for with the new site already online (decision 0042). Which builds
     * go is decided here, at the switch, so a build created meanwhile is never among them.
     */
    async switchTo(build: string): Promise<void> {
      const previous = (await current()) ?? (await adoptPlainFolder());
      // The link is relative, so the data folder can be moved or mounted elsewhere as a whole.
      const link = join(dirname(live), `.${basename(live)}.link-${unique()}`);
      await symlink(relative(dirname(live), build), link);
      try {
        await rename(link, live);
      } catch (error) {
        await rm(link, { force: true });
        throw error;
      }
      const keep = new Set([resolve(build), previous && resolve(previous)]);
      const doomed = (await readdir(builds))
        .map((name) => join(builds, name))
        .filter((dir) => !keep.has(dir) && !deleting.has(dir));
      for (const dir of doomed) deleting.add(dir);
      // One deletion at a time; one that fails leaves its folder for the next switch to try again.
      pruning = pruning.then(async () => {
        for (const dir of doomed) {
          await removeTree(dir).catch(() => {});
          deleting.delete(dir);
        }
      });
    },

    /** Resolves once the builds a switch let go are deleted. */
    pruned(): Promise<void> {
      return pruning;
    },

    /** Removes a build that will not go online (it failed or was interrupted). */
    async discard(build: string): Promise<void> {
      await removeTree(build);
    },
  };
}

export type SiteFolder = ReturnType<typeof siteFolder>;
