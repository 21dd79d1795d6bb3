// /api/articles/:id/rating and /api/articles/:id/comments. Unknown article ids answer 404. Their reads
// are public and a shared cache may keep them briefly (http/sharedCache.ts).

import { randomInt } from 'node:crypto';
import { and, asc, avg, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { containsLink } from '../containsLink.ts';
import { errorMessages, type Lang, type RatingSummary } from '../contract.ts';
import { perDatabase } from '../db/perDatabase.ts';
import { articleRatings, comments } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { mailboxHash, mailboxOf } from '../erasure.ts';
import { validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { sharedRead } from '../http/sharedCache.ts';
import { queueModerationLetter } from '../mail/moderationLetters.ts';
import { reviewColumns } from '../moderation.ts';
import { articleRatingBody, commentBody } from '../schemas.ts';
import { keyedHash } from '../security/clientKey.ts';
import type { AppEnv } from '../services.ts';

type ArticleEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { articleId: number } };

const knownArticle = createMiddleware<ArticleEnv>(async (c, next) => {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(id) || !(await c.var.services.content.isKnownArticle(Number(id)))) {
    return c.json({ error: errorMessages.articleNotFound }, 404);
  }
  c.set('articleId', Number(id));
  return next();
});

const selectSummary = perDatabase((db) =>
  db
    .select({ count: count(), average: avg(articleRatings.rating) })
    .from(articleRatings)
    .where(eq(articleRatings.articleId, sql.placeholder('articleId')))
    .prepare('rating_summary'),
);

async function ratingSummary(db: Db, articleId: number): Promise<RatingSummary> {
  const [row] = await selectSummary(db).execute({ articleId });
  return { average: Math.round(Number(row?.average ?? 0) * 10) / 10, count: row?.count ?? 0 };
}

// What the public sees of a comment: never its e-mail address.
const { articleId: _, ...publicColumns } = reviewColumns;

const selectPublished = perDatabase((db) =>
  db
    .select(publicColumns)
    .from(comments)
    .where(and(eq(comments.articleId, sql.placeholder('articleId')), eq(comments.status, 'published')))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare('published_comments'),
);

const toPublic = (row: { id: number; name: string; comment: string; language: Lang; createdAt: Date }) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export const articles = new Hono<ArticleEnv>()
  .use('/:id/*', knownArticle)
  .get('/:id/rating', sharedRead, async (c) => {
    const { db } = await c.var.services.db();
    return c.json(await ratingSummary(db, c.var.articleId));
  })
  .post(
    '/:id/rating',
    rateLimit('article-rating', 'rating', { error: errorMessages.ratingRateLimited }),
    validJson(articleRatingBody),
    async (c) => {
      const { rating, email } = c.req.valid('json');
      const { db } = await c.var.services.db();
      const articleId = c.var.articleId;
      const secret = await c.var.services.hashSecret();
      // One rating per mailbox, however spelled; a rating given under this spelling before ratings
      // were keyed on the mailbox is replaced, not counted twice.
      const emailHash = mailboxHash(secret, await mailboxOf(db, email));
      const spelling = keyedHash(secret, email);
      await db.transaction(async (tx) => {
        if (spelling !== emailHash) {
          await tx
            .delete(articleRatings)
            .where(and(eq(articleRatings.articleId, articleId), eq(articleRatings.emailHash, spelling)));
        }
        await tx
          .insert(articleRatings)
          .values({ articleId, emailHash, rating })
          .onConflictDoUpdate({
            target: [articleRatings.articleId, articleRatings.emailHash],
            set: { rating, updatedAt: sql`now()` },
          });
      });
      // The same answer for a first rating and a change, so nobody learns whether an address has rated.
      return c.json(await ratingSummary(db, articleId), 200);
    },
  )
  .get('/:id/comments', sharedRead, async (c) => {
    const { db } = await c.var.services.db();
    const rows = await selectPublished(db).execute({ articleId: c.var.articleId });
    return c.json({ comments: rows.map(toPublic) });
  })
  .post(
    '/:id/comments',
    rateLimit('comment', 'comment', { error: errorMessages.commentRateLimited }),
    validJson(commentBody),
    async (c) => {
      const { name, comment, email, language, website } = c.req.valid('json');
      if (website) {
        // Looks accepted and awaiting review, so a bot learns nothing; nothing is stored.
        const fake = { id: randomInt(1, 2 ** 31 - 1), name, comment, language, createdAt: new Date() };
        return c.json({ comment: toPublic(fake), status: 'held' as const }, 201);
      }
      // Comments with a link wait for the operator; others show at once.
      const status = containsLink(name) || containsLink(comment) ? 'held' : 'published';
      const { db } = await c.var.services.db();
      const emailHash = email
        ? mailboxHash(await c.var.services.hashSecret(), await mailboxOf(db, email))
        : null;
      const [row] = await db
        .insert(comments)
        .values({ articleId: c.var.articleId, name, comment, emailHash, language, status })
        .returning(publicColumns);
      if (!row) throw new Error('comment insert returned no row');
      if (status === 'held' && c.var.services.config.admin.email) {
        // The comment is stored whatever happens here; a letter not queued now comes with the next one.
        await queueModerationLetter(db).catch((error: unknown) =>
          console.error(`Moderation letter not queued: ${(error as Error).message}`),
        );
      }
      return c.json({ comment: toPublic(row), status }, 201);
    },
  );
