// `npm run admin -- queue`: what the mail queue holds, for an operator. Letters are shown by number,
// kind, language (or "operator" for a letter about held comments) and state; the addresses stay in
// the database.
import { asc, eq, sql } from 'drizzle-orm';
import { mailQueue, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { queueRequestedLetters } from './queue.ts';

export async function queueReport(db: Db, now = new Date()): Promise<string> {
  await queueRequestedLetters(db);
  const rows = await db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      nextAttemptAt: mailQueue.nextAttemptAt,
      lastError: mailQueue.lastError,
      createdAt: mailQueue.createdAt,
      language: subscribers.language,
      // Counted before the limit: the whole queue's.
      waiting: sql<number>`(count(*) filter (where ${mailQueue.status} = 'waiting') over ())::int`,
      failed: sql<number>`(count(*) filter (where ${mailQueue.status} = 'failed') over ())::int`,
    })
    .from(mailQueue)
    .leftJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
    .orderBy(asc(mailQueue.status), asc(mailQueue.id))
    .limit(100);
  const { waiting = 0, failed = 0 } = rows[0] ?? {};
  const lines = [`Mail queue: ${waiting} waiting, ${failed} failed.`];
  for (const row of rows) {
    const next =
      row.status === 'waiting'
        ? `  next try ${row.nextAttemptAt <= now ? 'now' : row.nextAttemptAt.toISOString()}`
        : '';
    lines.push(
      `#${row.id}  ${row.kind}  ${row.language ?? 'operator'}  ${row.status}  queued ${row.createdAt.toISOString()}  tries ${row.attempts}${next}` +
        (row.lastError ? `\n    last error: ${row.lastError}` : ''),
    );
  }
  if (rows.length < waiting + failed) lines.push(`(the first ${rows.length} shown)`);
  return lines.join('\n');
}
