// A mail server's permanent refusal of a recipient (a 5xx reply to RCPT TO: "no such user") ends
// every letter to that mailbox at once (queue.ts); a temporary one (4xx) is retried as any failure.
// A refusal of the login or of the whole letter is the sender's trouble, not the mailbox's, and is retried.
// Providers' bounce notifications (webhooks, DSN letters) would call the same forgetSubscriber and
// countBounce from a route of their own: not built, as SMTP's own answer covers the common case.
import { sql } from 'drizzle-orm';
import { settings } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** Nodemailer's error for a recipient refused with a 5xx: code EENVELOPE, said to RCPT TO. */
export function isPermanentRefusal(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  return code === 'EENVELOPE' && command === 'RCPT TO' && /^5\d\d$/.test(String(responseCode));
}

const bouncedKey = 'bounced_mailboxes';

/** Counts one mailbox dropped after a permanent refusal (`admin stats`: "Mailboxes bounced"). */
export async function countBounce(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values({ key: bouncedKey, value: '1' })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`(${settings.value}::integer + 1)::text` },
    });
}

export async function bouncedMailboxes(db: Db): Promise<number> {
  const [row] = await db.select().from(settings).where(sql`${settings.key} = ${bouncedKey}`);
  return row ? Number(row.value) : 0;
}
