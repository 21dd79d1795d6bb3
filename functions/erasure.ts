// Forgotten stays forgotten. Every unsubscribe and erasure leaves a keyed hash of the mailbox and its
// time in `erasures.log` (never the address). Backups leave that schema out and restores never touch
// it, so after a restore, and at every start, the log is applied again before any letter leaves.
// Expiry needs no entry: the purge's rule reads each row's own date, restored or not.
import { and, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { articleRatings, comments, erasureLog, subscribers } from './db/schema.ts';
import type { Db } from './db/types.ts';
import { keyedHash } from './security/clientKey.ts';

/**
 * How long the log remembers, and so the oldest backup a restore takes: no backup is kept longer
 * (nightly ones a week at most; an operator's own a month), so an older entry could apply to nothing a
 * restore brings back.
 */
export const erasureHorizonDays = 35;

/** The mailbox `email` reaches (the database's mailbox_key(): `+tags`, Gmail's dots). */
export async function mailboxOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ mailbox: sql<string>`mailbox_key(${email})` })
    .from(sql`(values (1)) as one`);
  return row?.mailbox ?? email;
}

/**
 * The key a person is found by in the log, article ratings and comments: the mailbox's keyed hash under
 * HASH_SECRET itself (ratings always were), so every spelling of one mailbox is one person.
 */
export const mailboxHash = (secret: string, mailbox: string) => keyedHash(secret, mailbox);

/** Notes that the mailbox was forgotten now, in `scope`; a later note of the same scope moves its time. */
export async function recordErasure(db: Db, hash: string, scope: 'subscription' | 'person', at = new Date()) {
  await db
    .insert(erasureLog)
    .values({ mailboxHash: hash, scope, at })
    .onConflictDoUpdate({
      target: [erasureLog.mailboxHash, erasureLog.scope],
      set: { at: sql`greatest(${erasureLog.at}, excluded.at)` },
    });
}

/**
 * Forgets one subscriber now (an unsubscribe, a mailbox that does not exist): the row goes, not a flag,
 * its queued letters, schedule and send log with it (foreign keys cascade), and the log keeps it gone
 * through any restore. Returns the addresses that went, for the outbox.
 */
export async function forgetSubscriber(db: Db, secret: string, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(subscribers)
      .where(eq(subscribers.id, id))
      .returning({ email: subscribers.email, mailbox: subscribers.mailbox });
    for (const row of rows) await recordErasure(tx, mailboxHash(secret, row.mailbox), 'subscription');
    return rows.map((row) => row.email);
  });
}

/**
 * Deletes again what the log says was forgotten: subscriptions (with their letters, by the foreign
 * keys), and for erased people their comments and ratings, each only when made at or before the
 * erasure (a person may come back later). Returns the subscribers' addresses that went, for the outbox.
 */
export async function reapplyErasures(db: Db, secret: string): Promise<string[]> {
  const log = await db.select().from(erasureLog);
  if (log.length === 0) return [];
  const rows = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      mailbox: subscribers.mailbox,
      createdAt: subscribers.createdAt,
    })
    .from(subscribers);
  const latest = new Map<string, Date>();
  for (const entry of log) {
    const seen = latest.get(entry.mailboxHash);
    if (!seen || entry.at > seen) latest.set(entry.mailboxHash, entry.at);
  }
  const gone = rows.filter((row) => {
    const at = latest.get(mailboxHash(secret, row.mailbox));
    return at !== undefined && row.createdAt <= at;
  });
  if (gone.length > 0)
    await db.delete(subscribers).where(
      inArray(
        subscribers.id,
        gone.map((row) => row.id),
      ),
    );
  for (const entry of log.filter((e) => e.scope === 'person')) {
    await db
      .delete(comments)
      .where(and(eq(comments.emailHash, entry.mailboxHash), lte(comments.createdAt, entry.at)));
    await db
      .delete(articleRatings)
      .where(and(eq(articleRatings.emailHash, entry.mailboxHash), lte(articleRatings.updatedAt, entry.at)));
  }
  return gone.map((row) => row.email);
}

/** Forgets log entries past the horizon; returns how many. */
export async function pruneErasureLog(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - erasureHorizonDays * 86_400_000);
  return (await db.delete(erasureLog).where(lt(erasureLog.at, cutoff)).returning()).length;
}

/**
 * Comments stored before addresses were hashed: each address becomes its mailbox's keyed hash and is
 * cleared. A no-op once done; runs at every start so a restored old backup is hashed too.
 */
export async function hashCommentAddresses(db: Db, secret: string): Promise<number> {
  const left = await db
    .select({ id: comments.id, email: comments.email })
    .from(comments)
    .where(isNotNull(comments.email));
  for (const { id, email } of left) {
    const emailHash = email ? mailboxHash(secret, await mailboxOf(db, email)) : null;
    await db.update(comments).set({ email: null, emailHash }).where(eq(comments.id, id));
  }
  return left.length;
}

/** At every start and after a restore: addresses hashed, the log applied, nothing past its horizon kept. */
export async function forgetAgain(db: Db, secret: string): Promise<string[]> {
  await hashCommentAddresses(db, secret);
  await pruneErasureLog(db);
  return reapplyErasures(db, secret);
}
