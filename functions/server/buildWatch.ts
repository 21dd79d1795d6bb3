// Tells the static site when to read the published build again: when the link `dist` is switched to
// another build folder (`npm run build`, functions/server/publish.ts), or when files are written inside
// the folder it serves (an `astro build` straight into dist/, a hand edit). Either way many events
// come at once: the build is read once they have been quiet for a moment, one reading at a time.
import fs from 'node:fs';
import path from 'node:path';

/** A new build writes many files at once: it is read once nothing has changed for this long. */
const settleMs = 100;

/**
 * Watches `published` and the folder it names (`root`, read already); calls `read` with the folder it
 * names once changes settle. A folder it cannot watch is said in the log. Returns what stops watching.
 */
export function watchBuild(published: string, root: string, read: (root: string) => Promise<void>) {
  let settle: NodeJS.Timeout | undefined;
  let reading = Promise.resolve();
  const changed = () => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      reading = reading.then(async () => {
        try {
          const next = await fs.promises.realpath(published);
          await read(next);
          follow(next);
        } catch (error) {
          console.warn(`${published} changed but cannot be read again: ${(error as Error).message}`);
        }
      });
    }, settleMs);
  };

  function watch(folder: string, recursive: boolean, listener: fs.WatchListener<string>) {
    try {
      const watcher = fs.watch(folder, { recursive }, listener);
      watcher.unref();
      // The folder itself removed: what was read stays served.
      watcher.on('error', (error) => {
        console.warn(`Stopped watching ${folder} for a new build (restart after one): ${error.message}`);
        watcher.close();
      });
      return watcher;
    } catch (error) {
      console.warn(`Not watching ${folder} for a new build (restart after one): ${(error as Error).message}`);
      return undefined;
    }
  }

  // The link (or folder) is watched from its parent: a rename over it is an event there, not in it.
  const name = path.basename(published);
  const link = watch(path.dirname(published), false, (_event, file) => {
    if (file === name) changed();
  });
  let files: fs.FSWatcher | undefined;
  // The folder watched, by path and inode: a watcher made anew misses what happens while it starts.
  let followed: string | undefined;
  function follow(folder: string) {
    const watched = `${folder} ${fs.statSync(folder, { throwIfNoEntry: false })?.ino}`;
    if (watched === followed) return;
    files?.close();
    followed = watched;
    files = watch(folder, true, changed);
  }
  follow(root);

  return () => {
    clearTimeout(settle);
    link?.close();
    files?.close();
  };
}
