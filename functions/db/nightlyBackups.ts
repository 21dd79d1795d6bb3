// Nightly backups by `npm run serve` (BACKUP_DIR, BACKUP_KEEP): once a day a signed dump of the whole
// database (the same file `npm run admin -- backup` writes) goes into the folder as
// backup-<UTC time>.sql, written under a temporary name and renamed when complete; the newest
// BACKUP_KEEP are kept, none older than backupMaxDays (the privacy page's promise). Copying them off the
// machine is the operator's job (docs/operations.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { writePrivateFile } from '../privateFiles.ts';
import { safeError } from '../safeError.ts';
import { checkBackup, recordBackupStatus } from './backupCheck.ts';
import { signBackup } from './backupSignature.ts';
import type { Database } from './types.ts';

const dayMs = 86_400_000;
/** No backup in BACKUP_DIR lives longer, whatever BACKUP_KEEP says (the privacy page names it). */
export const backupMaxDays = 7;
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

/**
 * Writes one signed backup into `dir` (0700) and removes all but the newest `keep`, and any older than
 * backupMaxDays; returns its path.
 */
export async function backupInto(
  database: Database,
  secret: string,
  dir: string,
  keep: number,
  now = new Date(),
) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(now));
  await writePrivateFile(file, signBackup(secret, await database.dump(), now));
  // Names sort as their times do: one before the name a backup backupMaxDays old would have is older.
  const oldest = backupFileName(new Date(now.getTime() - backupMaxDays * dayMs));
  for (const [index, name] of (await backupsIn(dir)).entries()) {
    if (index >= keep || name < oldest) await fs.rm(path.join(dir, name), { force: true });
  }
  return file;
}

/**
 * One nightly backup: written, restored into a scratch database and checked; what became of it is
 * recorded for /api/health and `admin stats`, a failure said in the log too.
 */
export async function nightlyBackup(database: Database, config: Config, secret: string, now = new Date()) {
  const { dir, keep } = config.backup;
  if (!dir) return;
  let file: string | undefined;
  try {
    file = await backupInto(database, secret, dir, keep, now);
    const rows = await checkBackup(file, secret);
    const { size } = await fs.stat(file);
    await recordBackupStatus(database.db, {
      at: now.toISOString(),
      ok: true,
      file: path.basename(file),
      size,
      rows,
    });
    console.log(`Backup written to ${file} and checked (${rows} rows restored).`);
  } catch (error) {
    // A check's own finding (which table) names no visitor's data; anything else only its kind and code.
    const problem =
      error instanceof Error && /^table \w+: /.test(error.message) ? error.message : safeError(error);
    console.error(`Nightly backup failed: ${problem}`);
    const status = { at: now.toISOString(), ok: false, problem, file: file && path.basename(file) };
    await recordBackupStatus(database.db, status).catch(() => {});
  }
}

/**
 * Backs up now when the newest backup is a day old or more (or there is none), then checks every hour:
 * a server restarted daily still backs up daily, and one that runs for weeks once a day.
 */
export function startNightlyBackups(database: Database, config: Config, secret: () => Promise<string>) {
  const { dir } = config.backup;
  if (!dir) return { stop: () => {} };
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const newest = await newestBackup(dir);
      if (newest && Date.now() - Date.parse(newest.at) < dayMs) return;
      await nightlyBackup(database, config, await secret());
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
