// A person's requests under the privacy policy, by e-mail address: see everything held, delete it all.
// Tip ratings are keyed on an anonymous browser session, not an address, so they cannot be linked.
import { eq } from 'drizzle-orm';
import { articleRatings, comments, subscribers } from './db/schema.ts';
import type { Db } from './db/types.ts';
import { keyedHash } from './http/clientKey.ts';

export interface PersonExport {
  email: string;
  subscription: { subscribedAt: string } | null;
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
  subscribers: number;
  comments: number;
  articleRatings: number;
}

/** `email` must already be trimmed and lower-cased, as stored. */
export async function exportPerson(db: Db, secret: string, email: string): Promise<PersonExport> {
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  const ownComments = await db.select().from(comments).where(eq(comments.email, email)).orderBy(comments.id);
  const ratings = await db
    .select()
    .from(articleRatings)
    .where(eq(articleRatings.emailHash, keyedHash(secret, email)))
    .orderBy(articleRatings.articleId);
  return {
    email,
    subscription: subscriber ? { subscribedAt: subscriber.createdAt.toISOString() } : null,
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

/** Deletes the subscription, the comments and the article ratings of `email`, all or nothing. */
export async function deletePerson(db: Db, secret: string, email: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(subscribers)
      .where(eq(subscribers.email, email))
      .returning({ email: subscribers.email });
    const goneComments = await tx
      .delete(comments)
      .where(eq(comments.email, email))
      .returning({ id: comments.id });
    const goneRatings = await tx
      .delete(articleRatings)
      .where(eq(articleRatings.emailHash, keyedHash(secret, email)))
      .returning({ articleId: articleRatings.articleId });
    return { subscribers: gone.length, comments: goneComments.length, articleRatings: goneRatings.length };
  });
}
