// POST /api/tip-ratings: like (1) or dislike (0) a tip; one per tip and browser session, the latest wins.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { tipRatings as tipRatingsTable } from '../db/schema.ts';
import { validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { tipRatingBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

export const tipRatings = new Hono<AppEnv>().post(
  '/',
  rateLimit('tip-rating', 'rating', { error: errorMessages.ratingRateLimited }),
  validJson(tipRatingBody),
  async (c) => {
    const { tipId, language, rating, sessionId } = c.req.valid('json');
    if (!(await c.var.services.content.isKnownTip(tipId, language))) {
      return c.json({ error: errorMessages.unknownTip }, 400);
    }
    const { db } = await c.var.services.db();
    await db
      .insert(tipRatingsTable)
      .values({ tipId, language, sessionId, rating })
      .onConflictDoUpdate({
        target: [tipRatingsTable.tipId, tipRatingsTable.language, tipRatingsTable.sessionId],
        set: { rating, updatedAt: sql`now()` },
      });
    return c.json({ ok: true as const }, 201);
  },
);
