// POST /api/subscribe: the newsletter form. The address is
// stored as pending, its confirmation letter asked for in the same row; the letter itself leaves later
// (functions/mail/queue.ts), so a slow or absent mail server never slows or fails a subscription.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { perDatabase } from '../db/perDatabase.ts';
import { subscribers } from '../db/schema.ts';
import { isHoneypotFilled } from '../http/honeypot.ts';
import { jsonBody, validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { subscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

/** A pending address asking again gets a fresh confirmation letter once the last one is this old. */
export const confirmResendAfterMs = 10 * 60_000;

// One row written: the unique constraint decides (two simultaneous requests for one address store one
// row), and `confirm_wanted` is the queued confirmation letter, moved into mail_queue by the drainer.
const insertSubscriber = perDatabase((db) =>
  db
    .insert(subscribers)
    .values({
      email: sql.placeholder('email'),
      language: sql.placeholder('language'),
      confirmSentAt: sql`now()`,
      confirmWanted: true,
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id })
    .prepare('insert_subscriber'),
);

// An address already stored: a pending one whose last letter is older than ten minutes gets another.
const resendConfirmation = perDatabase((db) =>
  db
    .update(subscribers)
    .set({ confirmSentAt: sql`now()`, confirmWanted: true })
    .where(
      sql`${subscribers.email} = ${sql.placeholder('email')} and ${subscribers.status} = 'pending'
          and (${subscribers.confirmSentAt} is null
               or ${subscribers.confirmSentAt} < now() - make_interval(secs => ${confirmResendAfterMs / 1000}))`,
    )
    .prepare('resend_confirmation'),
);

export const subscribe = new Hono<AppEnv>().post(
  '/',
  rateLimit('subscribe', 'subscribe', { success: false, error: errorMessages.subscribeRateLimited }),
  jsonBody,
  validJson(subscribeBody, (error) => ({ success: false, error })),
  async (c) => {
    const { email, language, website } = c.req.valid('json');
    // Looks accepted, so a bot learns nothing; nothing is stored and nobody is written to.
    if (isHoneypotFilled(website)) return c.json({ success: true }, 201);
    const { db } = await c.var.services.db();
    const inserted = await insertSubscriber(db).execute({ email, language });
    if (inserted.length > 0) return c.json({ success: true }, 201);
    await resendConfirmation(db).execute({ email });
    return c.json({ success: false, error: errorMessages.emailTaken }, 409);
  },
);
