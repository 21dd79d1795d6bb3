// /api/moderation: the approve and hide links of a moderation letter open /moderate (or /bg/moderate),
// which asks for the comment here (POST /comment, reading only) to show it and POSTs the decision only
// when its button is pressed, so a mail scanner that fetches the links (and even runs the page)
// approves nothing. The token travels in request bodies, never in a query a proxy's log keeps. A link acts only on a
// held comment: once either link of a comment was used (or the operator decided from the command
// line), both say what was decided.

import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { comments } from '../db/schema.ts';
import { validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { checkModerationToken } from '../mail/tokens.ts';
import { reviewColumns } from '../moderation.ts';
import { moderationShowBody, moderationToken } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

const limited = rateLimit('moderation', 'moderation', { error: errorMessages.moderationRateLimited });

/** The token's check, or the 400 / 410 answer for a token that is not ours or too old. */
async function checked(c: Context<AppEnv>, token: string) {
  const check = checkModerationToken(await c.var.services.hashSecret(), token);
  if (check.status === 'invalid') return { answer: c.json({ error: errorMessages.moderationInvalid }, 400) };
  if (check.status === 'expired') return { answer: c.json({ error: errorMessages.moderationExpired }, 410) };
  return { action: check.action, commentId: check.commentId };
}

export const moderation = new Hono<AppEnv>()
  .post('/comment', limited, validJson(moderationShowBody), async (c) => {
    const { token, lang = 'en' } = c.req.valid('json');
    const check = await checked(c, token);
    if ('answer' in check) return check.answer;
    const { db } = await c.var.services.db();
    const [row] = await db
      .select({ ...reviewColumns, status: comments.status })
      .from(comments)
      .where(eq(comments.id, check.commentId));
    if (!row) return c.json({ error: errorMessages.moderationGone }, 404);
    const { articleId, status, ...comment } = row;
    const title = await c.var.services.content.articleTitle(articleId, lang);
    return c.json({
      action: check.action,
      status,
      comment: { ...comment, createdAt: comment.createdAt.toISOString() },
      article: { id: articleId, title: title ?? `#${articleId}` },
    });
  })
  .post('/', limited, validJson(moderationToken), async (c) => {
    const check = await checked(c, c.req.valid('json').token);
    if ('answer' in check) return check.answer;
    const status = check.action === 'approve' ? 'published' : 'hidden';
    const { db } = await c.var.services.db();
    const changed = await db
      .update(comments)
      .set({ status })
      .where(and(eq(comments.id, check.commentId), eq(comments.status, 'held')))
      .returning({ id: comments.id });
    if (changed.length > 0) return c.json({ status });
    const [row] = await db
      .select({ status: comments.status })
      .from(comments)
      .where(eq(comments.id, check.commentId));
    if (!row) return c.json({ error: errorMessages.moderationGone }, 404);
    const decided =
      row.status === 'published' ? errorMessages.moderationApproved : errorMessages.moderationHidden;
    return c.json({ error: decided, status: row.status }, 409);
  });
