// Folders and files that hold visitors' data (DATA_DIR: the database, the outbox of letters with their
// addresses and live links) belong to the server's user alone: folders 0700, files 0600.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/**
 * Creates `dir` (and missing parents) 0700. One that exists open to other users (a folder made 0755 by
 * an earlier version) is closed to them if it is ours, with a warning naming it, so an upgrade needs no
 * step of the operator's; one owned by another user is left as it is, with a warning.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: privateDirMode });
  const { mode, uid } = fs.statSync(dir);
  if (process.getuid && uid !== process.getuid()) {
    // Not ours to close: whoever owns it can read visitors' data, whatever its mode.
    console.warn(
      `${dir} belongs to another user (uid ${uid}), who can read and change visitors' data in it: ` +
        'give it to the user the site runs as (chown), or choose another DATA_DIR.',
    );
    return;
  }
  if ((mode & 0o077) === 0) return;
  fs.chmodSync(dir, mode & privateDirMode);
  console.warn(
    `${dir} was open to other users of this machine (mode ${(mode & 0o777).toString(8)}): ` +
      "made private (700), as it holds visitors' data.",
  );
}

/**
 * Takes other users' access away from every file under `dir`. PGlite sets its files 0666 whatever the
 * umask (the folders are 0700, so nobody else reaches them, but a scan or a copy would see them open).
 */
export async function closeFilesToOthers(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = await fs.promises.lstat(file).catch(() => undefined);
    if (stats?.isFile() && stats.mode & 0o077) await fs.promises.chmod(file, stats.mode & 0o700);
  }
}

/**
 * Writes `text` to `file` as a file only its owner reads (0600): under a random temporary name beside
 * it, created exclusively (so nothing planted at that name, a link to elsewhere included, is opened)
 * with its mode set on the open file, and renamed once complete, so a reader never sees half a backup.
 */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
  const handle = await fs.promises.open(temporary, 'wx', privateFileMode);
  try {
    // Whatever the umask made of the mode at creation.
    await handle.chmod(privateFileMode);
    await handle.writeFile(text);
    // On disk before the rename makes it the backup.
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temporary, file).catch(async (error: unknown) => {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  });
}
