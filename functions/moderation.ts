// The operator's side of comments: links wait as 'held'; the operator approves, hides or deletes.
import { asc, eq } from 'drizzle-orm';
import { comments } from './db/schema.ts';
import type { Db } from './db/types.ts';

/** What the operator is shown of a comment to decide on it: the command line, the letter and its page. */
export const reviewColumns = {
  id: comments.id,
  articleId: comments.articleId,
  name: comments.name,
  comment: comments.comment,
  language: comments.language,
  createdAt: comments.createdAt,
};

export async function heldComments(db: Db) {
  return db
    .select(reviewColumns)
    .from(comments)
    .where(eq(comments.status, 'held'))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Publishes or hides a comment; false when there is no comment with that id. */
export async function setCommentStatus(db: Db, id: number, status: 'published' | 'hidden'): Promise<boolean> {
  const changed = await db.update(comments).set({ status }).where(eq(comments.id, id)).returning();
  return changed.length > 0;
}

/** Deletes a comment for good; false when there is no comment with that id. */
export async function deleteComment(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return gone.length > 0;
}
