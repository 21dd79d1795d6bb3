// When a letter of the mail queue that could not be sent is tried again, across drains.
import { eq } from 'drizzle-orm';
import { mailQueue } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { safeError } from '../safeError.ts';

/** A letter still failing after this many tries is marked failed and left for the operator. */
export const maxAttempts = 8;

/**
 * Wait before try `attempts + 1`: 30 s, 1 min, 2 min, … up to an hour (about 1 h 4 min for all eight), so
 * a mail server that is down for a while is not hammered, nor a letter held back for days.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/**
 * A letter that could not be sent waits for its next try, or is marked failed after the last one (then
 * resolves to true). The error is stored as its kind and code, never the server's message: that may quote
 * the refused address.
 */
export async function recordFailure(
  db: Db,
  letter: { id: number; attempts: number },
  now: Date,
  error: unknown,
): Promise<boolean> {
  const last = letter.attempts >= maxAttempts;
  await db
    .update(mailQueue)
    .set({
      status: last ? 'failed' : 'waiting',
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(letter.attempts)),
      lastError: safeError(error),
    })
    .where(eq(mailQueue.id, letter.id));
  return last;
}
