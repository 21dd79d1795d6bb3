// Letters the mail queue sent, counted per UTC day and kind for `npm run admin -- stats` (sent letters
// leave the queue, so without this nothing would say how many went).
import { sql } from 'drizzle-orm';
import { lettersSent, type MailKind } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The UTC day of `at`, as the `letters_sent.day` key: `2026-11-25`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Counts one letter of `kind` sent at `now`. */
export async function countSentLetter(db: Db, kind: MailKind, now: Date): Promise<void> {
  await db
    .insert(lettersSent)
    .values({ day: utcDay(now), kind, sent: 1 })
    .onConflictDoUpdate({
      target: [lettersSent.day, lettersSent.kind],
      set: { sent: sql`${lettersSent.sent} + 1` },
    });
}
