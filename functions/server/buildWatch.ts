// Tells the static site when to read the published build again: when the link `dist` is switched to
// another build folder (`npm run build`, functions/server/publish.ts), or when files are written inside
// the folder it serves (an `astro build` straight into dist/, a hand edit). Either way many events
// come at once: `changed` runs once they have been quiet for a moment.
import fs from 'node:fs';
import path from 'node:path';

export interface BuildWatch {
  /** Watches the files of `root` (the folder now served, perhaps a new one at the same path). */
  follow(root: string): void;
  /** Folders it cannot watch, for the start-up log. */
  problems: string[];
  close(): void;
}

/** A new build writes many files at once: `changed` runs once nothing has changed for this long. */
const settleMs = 100;

export function watchBuild(published: string, changed: () => void): BuildWatch {
  const problems: string[] = [];
  let settle: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(settle);
    settle = setTimeout(changed, settleMs);
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
      problems.push(
        `Not watching ${folder} for a new build (restart after one): ${(error as Error).message}`,
      );
      return undefined;
    }
  }

  // The link (or folder) is watched from its parent: a rename over it is an event there, not in it.
  const name = path.basename(published);
  const link = watch(path.dirname(published), false, (_event, file) => {
    if (file === name) schedule();
  });
  let files: fs.FSWatcher | undefined;
  // The folder watched, by path and inode: a watcher made anew misses what happens while it starts.
  let followed: string | undefined;
  return {
    follow(root) {
      const folder = `${root} ${fs.statSync(root, { throwIfNoEntry: false })?.ino}`;
      if (folder === followed) return;
      files?.close();
      followed = folder;
      files = watch(root, true, schedule);
    },
    problems,
    close() {
      clearTimeout(settle);
      link?.close();
      files?.close();
    },
  };
}
