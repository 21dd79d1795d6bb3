// A person's requests under the privacy policy, by e-mail address: see everything held, delete it all.
// Tip ratings are keyed on an anonymous browser session, not an address, so they cannot be linked.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  articleRatings,
  comments,
  courseSchedule,
  mailQueue,
  newsletterSends,
  subscribers,
} from './db/schema.ts';
import type { Db } from './db/types.ts';
import { keyedHash } from './http/clientKey.ts';
import { queueRequestedLetters } from './mail/queue.ts';

export interface PersonExport {
  email: string;
  /** With the letters waiting for it and the newsletter send log (both go with the subscription). */
  subscription: {
    subscribedAt: string;
    status: string;
    language: string;
    confirmedAt: string | null;
    queuedLetters: { id: number; kind: string; status: string; attempts: number; queuedAt: string }[];
    newsletterSends: { issue: string; status: string; at: string }[];
    /** The course's next letter (1-5) and when it is due; null once the last is queued or before confirming. */
    course: { nextLetter: number; dueAt: string } | null;
  } | null;
  comments: {
    id: number;
    articleId: number;
    name: string;
    comment: string;
    language: string;
    status: string;
    createdAt: string;
  }[];
  articleRatings: { articleId: number; rating: number; ratedAt: string }[];
}

export interface DeleteResult {
  /** The spellings the mailbox was stored under, for the outbox's copies of their letters. */
  addresses: string[];
  subscribers: number;
  queuedLetters: number;
  newsletterSends: number;
  comments: number;
  articleRatings: number;
}

/**
 * The subscriptions of the mailbox `email` reaches, however it was spelled when given (`+tags`, Gmail's
 * dots): one mailbox is one subscriber, so a request in one spelling answers for all of them. Rows
 * stored before the mailbox key that share a mailbox come after its first.
 */
const ofMailbox = (email: string) => sql`${subscribers.mailbox} = mailbox_key(${email})`;

/** `email` must already be trimmed and lower-cased, as stored. */
export async function exportPerson(db: Db, secret: string, email: string): Promise<PersonExport> {
  // So a letter asked for a moment ago shows as queued, as it is.
  await queueRequestedLetters(db);
  const [subscriber] = await db
    .select()
    .from(subscribers)
    .where(ofMailbox(email))
    .orderBy(asc(subscribers.mailboxRank));
  const queued = subscriber
    ? await db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.subscriberId, subscriber.id))
        .orderBy(asc(mailQueue.id))
    : [];
  const sends = subscriber
    ? await db
        .select()
        .from(newsletterSends)
        .where(eq(newsletterSends.subscriberId, subscriber.id))
        .orderBy(asc(newsletterSends.updatedAt))
    : [];
  const [course] = subscriber
    ? await db.select().from(courseSchedule).where(eq(courseSchedule.subscriberId, subscriber.id))
    : [];
  const ownComments = await db.select().from(comments).where(eq(comments.email, email)).orderBy(comments.id);
  const ratings = await db
    .select()
    .from(articleRatings)
    .where(eq(articleRatings.emailHash, keyedHash(secret, email)))
    .orderBy(articleRatings.articleId);
  return {
    email,
    subscription: subscriber
      ? {
          subscribedAt: subscriber.createdAt.toISOString(),
          status: subscriber.status,
          language: subscriber.language,
          confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
          queuedLetters: queued.map((q) => ({
            id: q.id,
            kind: q.kind,
            status: q.status,
            attempts: q.attempts,
            queuedAt: q.createdAt.toISOString(),
          })),
          newsletterSends: sends.map((l) => ({
            issue: l.issue,
            status: l.status,
            at: l.updatedAt.toISOString(),
          })),
          course: course ? { nextLetter: course.step + 1, dueAt: course.dueAt.toISOString() } : null,
        }
      : null,
    comments: ownComments.map((c) => ({
      id: c.id,
      articleId: c.articleId,
      name: c.name,
      comment: c.comment,
      language: c.language,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
    })),
    articleRatings: ratings.map((r) => ({
      articleId: r.articleId,
      rating: r.rating,
      ratedAt: r.updatedAt.toISOString(),
    })),
  };
}

/**
 * Deletes the subscriptions of the mailbox (with their queued letters and send logs), the comments and
 * the article ratings of `email`, all or nothing.
 */
export async function deletePerson(db: Db, secret: string, email: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    // Named for the count (a letter asked for a moment ago included); the foreign keys would delete
    // them with the subscription anyway.
    await queueRequestedLetters(tx);
    const ids = (await tx.select({ id: subscribers.id }).from(subscribers).where(ofMailbox(email))).map(
      (row) => row.id,
    );
    const goneLetters = ids.length
      ? await tx.delete(mailQueue).where(inArray(mailQueue.subscriberId, ids)).returning({ id: mailQueue.id })
      : [];
    const goneSends = ids.length
      ? await tx
          .delete(newsletterSends)
          .where(inArray(newsletterSends.subscriberId, ids))
          .returning({ issue: newsletterSends.issue })
      : [];
    const gone = ids.length
      ? await tx
          .delete(subscribers)
          .where(inArray(subscribers.id, ids))
          .returning({ email: subscribers.email })
      : [];
    const goneComments = await tx
      .delete(comments)
      .where(eq(comments.email, email))
      .returning({ id: comments.id });
    const goneRatings = await tx
      .delete(articleRatings)
      .where(eq(articleRatings.emailHash, keyedHash(secret, email)))
      .returning({ articleId: articleRatings.articleId });
    return {
      addresses: gone.map((row) => row.email),
      subscribers: gone.length,
      queuedLetters: goneLetters.length,
      newsletterSends: goneSends.length,
      comments: goneComments.length,
      articleRatings: goneRatings.length,
    };
  });
}
