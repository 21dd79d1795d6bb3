// POST /api/subscribe: the newsletter form (the original site's "secure-email-submit"). The address is
// stored as pending and its confirmation letter queued in one statement; the letter itself leaves
// later (functions/mail/queue.ts), so a slow or absent mail server never slows or fails a subscription.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { perDatabase } from '../db/perDatabase.ts';
import { mailQueue, subscribers } from '../db/schema.ts';
import { isHoneypotFilled } from '../http/honeypot.ts';
import { jsonBody, validJson } from '../http/jsonBody.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { errorMessages, subscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

/** A pending address asking again gets a fresh confirmation letter once the last one is this old. */
export const confirmResendAfterMs = 10 * 60_000;

// One statement, so one implicit transaction: the unique constraint decides (two simultaneous requests
// for one address store one row) and only a stored row queues a letter.
const subscribeAndQueue = perDatabase((db) => {
  const inserted = db.$with('inserted', { id: subscribers.id }).as(
    sql`insert into ${subscribers} (email, language, confirm_sent_at)
        values (${sql.placeholder('email')}, ${sql.placeholder('language')}, now())
        on conflict (email) do nothing returning id`,
  );
  const queued = db
    .$with('queued', { subscriberId: mailQueue.subscriberId })
    .as(sql`insert into ${mailQueue} (subscriber_id) select id from ${inserted} returning subscriber_id`);
  return db
    .with(inserted, queued)
    .select({ subscriberId: queued.subscriberId })
    .from(queued)
    .prepare('subscribe');
});

// An address already stored: a pending one whose last letter is older than ten minutes gets another.
const resendConfirmation = perDatabase((db) => {
  const due = db.$with('due', { id: subscribers.id }).as(
    sql`update ${subscribers} set confirm_sent_at = now()
        where email = ${sql.placeholder('email')} and status = 'pending'
          and (confirm_sent_at is null
               or confirm_sent_at < now() - make_interval(secs => ${confirmResendAfterMs / 1000}))
        returning id`,
  );
  const queued = db
    .$with('queued', { subscriberId: mailQueue.subscriberId })
    .as(sql`insert into ${mailQueue} (subscriber_id) select id from ${due} returning subscriber_id`);
  return db
    .with(due, queued)
    .select({ subscriberId: queued.subscriberId })
    .from(queued)
    .prepare('resend_confirmation');
});

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
    const inserted = await subscribeAndQueue(db).execute({ email, language });
    if (inserted.length > 0) return c.json({ success: true }, 201);
    await resendConfirmation(db).execute({ email });
    return c.json({ success: false, error: errorMessages.emailTaken }, 409);
  },
);
