// Nightly backups by `npm run serve` (BACKUP_DIR, BACKUP_KEEP): once a day a dump of the whole database
// (the same file `npm run admin -- backup` writes) goes into the folder as backup-<UTC time>.sql, written
// under a temporary name and renamed when complete; the newest BACKUP_KEEP are kept. Copying them off
// the machine is the operator's job (docs/operations.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { writePrivateFile } from '../db/dump.ts';
import type { Database } from '../db/types.ts';
import { safeError } from '../safeError.ts';

const dayMs = 86_400_000;
const backupName = /^backup-\d{8}T\d{6}Z\.sql$/;

/** `backup-20261126T031500Z.sql`: names that sort as their times do. */
export const backupFileName = (at: Date) => `backup-${at.toISOString().replace(/[-:]|\.\d{3}/g, '')}.sql`;

/** The backups in `dir`, newest first. */
async function backupsIn(dir: string): Promise<string[]> {
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return files
    .filter((file) => backupName.test(file))
    .sort()
    .reverse();
}

/** The newest backup in BACKUP_DIR and when it was written, for `admin stats`; null when none. */
export async function newestBackup(dir: string | undefined): Promise<{ file: string; at: string } | null> {
  if (!dir) return null;
  const [newest] = await backupsIn(dir);
  if (!newest) return null;
  const file = path.join(dir, newest);
  return { file, at: (await fs.stat(file)).mtime.toISOString() };
}

/** Writes one backup into `dir` (0700) and removes all but the newest `keep`; returns its path. */
export async function backupInto(database: Database, dir: string, keep: number, now = new Date()) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(now));
  await writePrivateFile(file, await database.dump());
  for (const old of (await backupsIn(dir)).slice(keep)) await fs.rm(path.join(dir, old), { force: true });
  return file;
}

/**
 * Backs up now when the newest backup is a day old or more (or there is none), then checks every hour:
 * a server restarted daily still backs up daily, and one that runs for weeks once a day.
 */
export function startNightlyBackups(database: Database, config: Config): { stop(): void } {
  const { dir, keep } = config.backup;
  if (!dir) return { stop: () => {} };
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const newest = await newestBackup(dir);
      if (newest && Date.now() - Date.parse(newest.at) < dayMs) return;
      const file = await backupInto(database, dir, keep);
      console.log(`Backup written to ${file}.`);
    } catch (error) {
      console.error(`Nightly backup failed: ${safeError(error)}`);
    } finally {
      running = false;
    }
  };
  void check();
  const timer = setInterval(check, 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
