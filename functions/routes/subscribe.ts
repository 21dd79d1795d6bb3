// POST /api/subscribe: the newsletter form (the original site's "secure-email-submit").
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { perDatabase } from '../db/perDatabase.ts';
import { subscribers } from '../db/schema.ts';
import { jsonBody, validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { subscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

// The unique constraint decides, so two simultaneous requests for one address store one row.
const insertSubscriber = perDatabase((db) =>
  db
    .insert(subscribers)
    .values({ email: sql.placeholder('email') })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ email: subscribers.email })
    .prepare('insert_subscriber'),
);

export const subscribe = new Hono<AppEnv>().post(
  '/',
  rateLimit('subscribe', 'subscribe', { success: false, error: errorMessages.subscribeRateLimited }),
  jsonBody,
  validJson(subscribeBody, (error) => ({ success: false, error })),
  async (c) => {
    const { email } = c.req.valid('json');
    const { db } = await c.var.services.db();
    const inserted = await insertSubscriber(db).execute({ email });
    if (inserted.length === 0) return c.json({ success: false, error: errorMessages.emailTaken }, 409);
    return c.json({ success: true }, 201);
  },
);
