// A person's requests under the privacy policy, by e-mail address in any spelling of its mailbox: see
// everything held, delete it all (and keep it deleted through restores: erasure.ts). Tip ratings are
// keyed on an anonymous browser session, not an address, so they cannot be linked.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { articleRatings, comments, courseSchedule, mailQueue, subscribers } from './db/schema.ts';
import type { Db } from './db/types.ts';
import { mailboxHash, mailboxOf, recordErasure } from './erasure.ts';
import { queueRequestedLetters } from './mail/queue.ts';
import { reviewColumns } from './moderation.ts';
import { keyedHash } from './security/clientKey.ts';

/**
 * The subscriptions of the mailbox `email` reaches, however it was spelled when given (`+tags`, Gmail's
 * dots): one mailbox is one subscriber, so a request in one spelling answers for all of them. Rows
 * stored before the mailbox key that share a mailbox come after its first.
 */
const ofMailbox = (email: string) => sql`${subscribers.mailbox} = mailbox_key(${email})`;

const iso = (date: Date) => date.toISOString();

/** The subscription's letters (waiting, and the issues sent to it) and its place in the course. */
async function subscriptionOf(db: Db, subscriber: typeof subscribers.$inferSelect) {
  const [queued, [course]] = await Promise.all([
    db.select().from(mailQueue).where(eq(mailQueue.subscriberId, subscriber.id)).orderBy(asc(mailQueue.id)),
    db.select().from(courseSchedule).where(eq(courseSchedule.subscriberId, subscriber.id)),
  ]);
  return {
    subscribedAt: iso(subscriber.createdAt),
    status: subscriber.status,
    language: subscriber.language,
    confirmedAt: subscriber.confirmedAt ? iso(subscriber.confirmedAt) : null,
    queuedLetters: queued.map((q) => ({
      id: q.id,
      kind: q.kind,
      ...(q.issue === null ? {} : { issue: q.issue }),
      status: q.status,
      attempts: q.attempts,
      queuedAt: iso(q.createdAt),
      ...(q.status === 'sent' ? { sentAt: iso(q.nextAttemptAt) } : {}),
    })),
    /** The course's next letter (1-5) and when it is due; null once the last is queued or before confirming. */
    course: course ? { nextLetter: course.step + 1, dueAt: iso(course.dueAt) } : null,
  };
}

/**
 * The hashes a person's comments and ratings are stored under: their mailbox's, and for ratings given
 * before ratings were keyed on the mailbox, the spelling's own.
 */
async function personHashes(db: Db, secret: string, email: string) {
  const mailbox = await mailboxOf(db, email);
  return { mailbox, hashes: [...new Set([mailboxHash(secret, mailbox), keyedHash(secret, email)])] };
}

/** Everything held about the mailbox `email` reaches (already trimmed and lower-cased), as stored. */
export async function exportPerson(db: Db, secret: string, email: string) {
  // So a letter asked for a moment ago shows as queued, as it is.
  await queueRequestedLetters(db);
  const { mailbox, hashes } = await personHashes(db, secret, email);
  const [subscriber] = await db
    .select()
    .from(subscribers)
    .where(ofMailbox(email))
    .orderBy(asc(subscribers.mailboxRank));
  const ownComments = await db
    .select({ ...reviewColumns, status: comments.status })
    .from(comments)
    .where(inArray(comments.emailHash, hashes))
    .orderBy(comments.id);
  const ratings = await db
    .select({
      articleId: articleRatings.articleId,
      rating: articleRatings.rating,
      ratedAt: articleRatings.updatedAt,
    })
    .from(articleRatings)
    .where(inArray(articleRatings.emailHash, hashes))
    .orderBy(articleRatings.articleId);
  return {
    asked: email,
    mailbox,
    /** The address as the subscription stores it; comments and ratings store only a keyed hash. */
    subscription: subscriber ? { email: subscriber.email, ...(await subscriptionOf(db, subscriber)) } : null,
    comments: ownComments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    articleRatings: ratings.map((r) => ({ ...r, ratedAt: iso(r.ratedAt) })),
  };
}

/**
 * Deletes the subscriptions of the mailbox (with their letters, issues sent included), its comments and
 * its article ratings, all or nothing, and logs the erasure so no restore brings any of it back.
 */
export async function deletePerson(db: Db, secret: string, email: string) {
  return db.transaction(async (tx) => {
    // Named for the count (a letter asked for a moment ago included); the foreign keys would delete
    // them with the subscription anyway.
    await queueRequestedLetters(tx);
    const { hashes } = await personHashes(tx, secret, email);
    const ids = tx.select({ id: subscribers.id }).from(subscribers).where(ofMailbox(email));
    const letters = await tx.delete(mailQueue).where(inArray(mailQueue.subscriberId, ids)).returning();
    const gone = await tx.delete(subscribers).where(ofMailbox(email)).returning({ email: subscribers.email });
    const ownComments = await tx.delete(comments).where(inArray(comments.emailHash, hashes)).returning();
    const ratings = await tx
      .delete(articleRatings)
      .where(inArray(articleRatings.emailHash, hashes))
      .returning();
    for (const hash of hashes) await recordErasure(tx, hash, 'person');
    return {
      addresses: gone.map((row) => row.email),
      subscribers: gone.length,
      queuedLetters: letters.length,
      comments: ownComments.length,
      articleRatings: ratings.length,
    };
  });
}
