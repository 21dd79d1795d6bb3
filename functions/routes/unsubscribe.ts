// /api/unsubscribe?token=…: the URL of every letter's List-Unsubscribe header (RFC 8058). A POST
// (the mail provider's one-click `List-Unsubscribe=One-Click`, or the button on the unsubscribe page)
// deletes the address at once; a GET, which link scanners make too, only leads to that page.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { subscribers } from '../db/schema.ts';
import { forgetSubscriber } from '../erasure.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { checkUnsubscribeToken } from '../mail/tokens.ts';
import type { AppEnv } from '../services.ts';

export const unsubscribe = new Hono<AppEnv>()
  .post('/', async (c) => {
    const secret = await c.var.services.hashSecret();
    const subscriberId = checkUnsubscribeToken(secret, c.req.query('token') ?? '');
    if (!subscriberId) return c.json({ error: errorMessages.unsubscribeInvalid }, 400);
    const { db } = await c.var.services.db();
    // With the row go the copies of its letters in a local outbox.
    const gone = await forgetSubscriber(db, secret, subscriberId);
    await deleteOutboxLetters(c.var.services.config.dataDir, gone);
    return c.json({ unsubscribed: true as const });
  })
  .get('/', async (c) => {
    const token = c.req.query('token') ?? '';
    const { hashSecret, db, config } = c.var.services;
    const subscriberId = checkUnsubscribeToken(await hashSecret(), token);
    const [row] = subscriberId
      ? await (await db()).db
          .select({ language: subscribers.language })
          .from(subscribers)
          .where(eq(subscribers.id, subscriberId))
      : [];
    const page = row?.language === 'bg' ? '/bg/unsubscribe' : '/unsubscribe';
    return c.redirect(`${config.siteUrl ?? ''}${page}?token=${encodeURIComponent(token)}`, 303);
  });
