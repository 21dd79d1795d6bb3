// What is wrong with the site now, computed on request (no timer, so the same on Netlify): the public
// /api/health shows only the codes, `admin stats` and the operator's letters the details, which name
// settings and counts, never an address.
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gt, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { backupStatus } from '../db/backupCheck.ts';
import { newestBackup } from '../db/nightlyBackups.ts';
import { mailQueue } from '../db/schema.ts';
import type { Database, Db } from '../db/types.ts';
import { safeError } from '../safeError.ts';

export const problemCodes = ['database', 'mail', 'backup', 'disk'] as const;
export type ProblemCode = (typeof problemCodes)[number];
export interface Problem {
  code: ProblemCode;
  detail: string;
}

type HealthConfig = Pick<Config, 'health' | 'backup' | 'dataDir' | 'databaseUrl'>;

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minute(s)`;

/**
 * Letters pile up: one tried and still unsent for longer than HEALTH_MAIL_MINUTES, or one given up on
 * within the last hour (its last try's wait, retryDelayMs(maxAttempts), is an hour: recordFailure sets
 * it as the failed row's next_attempt_at). A letter held back only by the hourly cap was never tried.
 */
async function mailProblem(db: Db, config: HealthConfig, now: Date): Promise<string | undefined> {
  const cutoff = new Date(now.getTime() - config.health.mailMinutes * 60_000);
  const [waiting] = await db
    .select({ n: count(), oldest: min(mailQueue.createdAt) })
    .from(mailQueue)
    .where(
      and(eq(mailQueue.status, 'waiting'), isNotNull(mailQueue.lastError), lte(mailQueue.createdAt, cutoff)),
    );
  if (waiting?.n && waiting.oldest) {
    const age = minutes(now.getTime() - new Date(waiting.oldest).getTime());
    return `${waiting.n} letter(s) failing to send, the oldest queued ${age} ago (HEALTH_MAIL_MINUTES ${config.health.mailMinutes})`;
  }
  const gaveUp = await db.$count(
    mailQueue,
    and(eq(mailQueue.status, 'failed'), gt(mailQueue.nextAttemptAt, now)),
  );
  return gaveUp > 0 ? `${gaveUp} letter(s) given up on in the last hour (see admin queue)` : undefined;
}

/** The nightly backup failed, its check did, the newest is stale or gone, or it changed since checked. */
async function backupProblem(db: Db, config: HealthConfig, now: Date): Promise<string | undefined> {
  const dir = config.backup.dir;
  if (!dir) return undefined;
  const status = await backupStatus(db);
  if (status && !status.ok) return `the nightly backup of ${status.at} failed: ${status.problem}`;
  const newest = await newestBackup(dir).catch(() => null);
  if (!newest) return 'no backup in BACKUP_DIR';
  const ageMs = now.getTime() - Date.parse(newest.at);
  if (ageMs > config.health.backupHours * 3_600_000) {
    return `the newest backup is ${Math.floor(ageMs / 3_600_000)} hour(s) old (HEALTH_BACKUP_HOURS ${config.health.backupHours})`;
  }
  const name = path.basename(newest.file);
  const readable = await fs.open(newest.file, 'r').then(
    async (handle) => {
      const { size } = await handle.stat();
      await handle.close();
      return size;
    },
    () => undefined,
  );
  if (readable === undefined) return `${name} cannot be read`;
  if (status?.file === name && status.size !== readable) return `${name} changed since it was checked`;
  return undefined;
}

/** Where DATA_DIR or BACKUP_DIR live has less free space than HEALTH_DISK_FREE_MB. */
async function diskProblem(config: HealthConfig): Promise<string | undefined> {
  const floor = config.health.diskFreeMb * 2 ** 20;
  for (const [name, dir] of [
    ['DATA_DIR', config.dataDir],
    ['BACKUP_DIR', config.backup.dir],
  ] as const) {
    // A folder that is not there (DATA_DIR on Netlify) holds nothing to run out of room for.
    const stats = dir ? await fs.statfs(dir).catch(() => undefined) : undefined;
    const free = stats ? stats.bavail * stats.bsize : Number.POSITIVE_INFINITY;
    if (free < floor) {
      return `${name} has ${Math.floor(free / 2 ** 20)} MB free (HEALTH_DISK_FREE_MB ${config.health.diskFreeMb})`;
    }
  }
  return undefined;
}

/** Every problem of the site now, in the order of problemCodes; empty when all is well. */
export async function healthProblems(
  config: HealthConfig,
  database: () => Promise<Database>,
  now = new Date(),
): Promise<Problem[]> {
  const found: [ProblemCode, string | undefined][] = [];
  try {
    const { db } = await database();
    await db.execute(sql`select 1`);
    found.push(
      ['mail', await mailProblem(db, config, now)],
      ['backup', await backupProblem(db, config, now)],
    );
  } catch (error) {
    found.push(['database', `the database does not answer: ${safeError(error)}`]);
  }
  found.push(['disk', await diskProblem(config)]);
  return problemCodes.flatMap((code) => {
    const detail = found.find(([c]) => c === code)?.[1];
    return detail ? [{ code, detail }] : [];
  });
}
