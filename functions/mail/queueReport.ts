// `npm run admin -- queue`: what the mail queue holds, for an operator. Letters are shown by number,
// kind, language (or "operator" for a letter about held comments) and state; the addresses stay in
// the database.
import { asc, count, eq } from 'drizzle-orm';
import { mailQueue, subscribers } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { queueRequestedLetters } from './queue.ts';

export async function queueReport(db: Db, now = new Date()): Promise<string> {
  await queueRequestedLetters(db);
  const totals = await db
    .select({ status: mailQueue.status, n: count() })
    .from(mailQueue)
    .groupBy(mailQueue.status);
  const of = (status: string) => totals.find((row) => row.status === status)?.n ?? 0;
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
    })
    .from(mailQueue)
    .leftJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
    .orderBy(asc(mailQueue.status), asc(mailQueue.id))
    .limit(100);
  const lines = [`Mail queue: ${of('waiting')} waiting, ${of('failed')} failed.`];
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
  if (rows.length < of('waiting') + of('failed')) lines.push(`(the first ${rows.length} shown)`);
  return lines.join('\n');
}
