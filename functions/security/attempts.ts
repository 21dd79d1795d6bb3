// Attempts counted per client (or `*`, everyone) and clock hour in the database, so every instance
// behind the CDN counts together: the API's rate limits and the mail queue's hourly cap both count here.
import { sql } from 'drizzle-orm';
import { perDatabase } from '../db/perDatabase.ts';
import { rateLimits } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** One attempt at an action: the row it counts in, and the most that row may reach. */
export type Attempt = { clientKey: string; action: string; windowStart: Date; max: number };

const upsertAttempt = perDatabase((db) =>
  db
    .insert(rateLimits)
    .values({
      clientKey: sql.placeholder('clientKey'),
      action: sql.placeholder('action'),
      windowStart: sql.placeholder('windowStart'),
      hits: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimits.clientKey, rateLimits.action, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits })
    .prepare('count_attempt'),
);

const refund = perDatabase((db) =>
  db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(
      sql`${rateLimits.clientKey} = ${sql.placeholder('clientKey')} and ${rateLimits.action} = ${sql.placeholder('action')}
          and ${rateLimits.windowStart} = ${sql.placeholder('windowStart')}`,
    )
    .prepare('refund_attempt'),
);

/** Counts the attempt and returns the attempts so far this hour, this one included. */
export async function countAttempt(db: Db, attempt: Attempt): Promise<number> {
  const [row] = await upsertAttempt(db).execute(attempt);
  return row?.hits ?? 1;
}

/** Gives back an attempt counted for an answer that should not count. */
export async function refundAttempt(db: Db, attempt: Attempt): Promise<void> {
  await refund(db).execute(attempt);
}
