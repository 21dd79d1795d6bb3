// POST /api/subscribe: the newsletter form (the original site's "secure-email-submit").
import { Hono } from 'hono';
import { subscribers } from '../db/schema.ts';
import { jsonBody, validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { errorMessages, subscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

export const subscribe = new Hono<AppEnv>().post(
  '/',
  rateLimit('subscribe', 'subscribe', { success: false, error: errorMessages.subscribeRateLimited }),
  jsonBody,
  validJson(subscribeBody, (error) => ({ success: false, error })),
  async (c) => {
    const { email } = c.req.valid('json');
    const { db } = await c.var.services.db();
    // The unique constraint decides, so two simultaneous requests for one address store one row.
    const inserted = await db
      .insert(subscribers)
      .values({ email })
      .onConflictDoNothing({ target: subscribers.email })
      .returning({ id: subscribers.id });
    if (inserted.length === 0) return c.json({ success: false, error: errorMessages.emailTaken }, 409);
    return c.json({ success: true }, 201);
  },
);
