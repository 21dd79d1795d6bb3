// The privacy page's promise, kept by code: subscriber e-mails live 30 days, and addresses never
// confirmed 48 hours. Rate-limit rows are only needed for the current hour, and the confirmation cap's
// for one day, so they go too.
import { and, eq, lt, or } from 'drizzle-orm';
import { confirmLetters, rateLimits, subscribers } from './db/schema.ts';
import type { Db } from './db/types.ts';
import { deleteOutboxLetters } from './mail/outbox.ts';

const subscriberRetentionDays = 30;
const pendingRetentionHours = 48;
const rateLimitRetentionMs = 2 * 3_600_000;

/**
 * Deletes what is past its retention at `now`, with the outbox letters (under `dataDir`) of the
 * addresses that went; returns how many rows went. Safe to run anywhere, any time.
 */
export async function purgeExpired(db: Db, now = new Date(), dataDir?: string) {
  const subscriberCutoff = new Date(now.getTime() - subscriberRetentionDays * 86_400_000);
  const pendingCutoff = new Date(now.getTime() - pendingRetentionHours * 3_600_000);
  const expiredSubscribers = await db
    .delete(subscribers)
    .where(
      or(
        lt(subscribers.createdAt, subscriberCutoff),
        and(eq(subscribers.status, 'pending'), lt(subscribers.createdAt, pendingCutoff)),
      ),
    )
    .returning({ email: subscribers.email });
  if (dataDir) {
    await deleteOutboxLetters(
      dataDir,
      expiredSubscribers.map((row) => row.email),
    );
  }
  const expiredLimits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - rateLimitRetentionMs)))
    .returning({ hits: rateLimits.hits });
  // The confirmation cap looks back one day: older rows count for nothing.
  await db.delete(confirmLetters).where(lt(confirmLetters.sentAt, new Date(now.getTime() - 86_400_000)));
  return { subscribers: expiredSubscribers.length, rateLimits: expiredLimits.length };
}

export function describePurge(result: Awaited<ReturnType<typeof purgeExpired>>): string {
  return `Purge: deleted ${result.subscribers} subscriber(s) older than ${subscriberRetentionDays} days (or unconfirmed after ${pendingRetentionHours} hours) and ${result.rateLimits} old rate-limit row(s).`;
}
