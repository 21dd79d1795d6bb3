// /api/unsubscribe?token=…: the URL of every letter's List-Unsubscribe header (RFC 8058). A POST
// (the mail provider's one-click `List-Unsubscribe=One-Click`, or the button on the unsubscribe page
// with the token in its body) deletes the address at once; a GET, which link scanners make too, only
// leads to that page.
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { errorMessages, localizePath } from '../contract.ts';
import { subscribers } from '../db/schema.ts';
import { forgetSubscriber } from '../erasure.ts';
import { validJson } from '../http/jsonBody.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { checkUnsubscribeToken } from '../mail/tokens.ts';
import { unsubscribeBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

/** Deletes the subscriber a letter's token names, at once: the row goes, not a flag. */
async function unsubscribeWith(c: Context<AppEnv>, token: string) {
  const secret = await c.var.services.hashSecret();
  const subscriberId = checkUnsubscribeToken(secret, token);
  if (!subscriberId) return c.json({ error: errorMessages.unsubscribeInvalid }, 400);
  const { db } = await c.var.services.db();
  // With the row go the copies of its letters in a local outbox.
  const gone = await forgetSubscriber(db, secret, subscriberId);
  await deleteOutboxLetters(c.var.services.config.dataDir, gone);
  return c.json({ unsubscribed: true as const }, 200);
}

export const unsubscribe = new Hono<AppEnv>()
  .post(
    '/',
    // A mail provider's one-click POST (RFC 8058) sends a form body to the header's URL, the token in
    // its query; the page's button sends the token in a JSON body, so it never sits in a URL.
    async (c, next) => {
      const fromQuery = c.req.query('token');
      return fromQuery === undefined ? next() : unsubscribeWith(c, fromQuery);
    },
    validJson(unsubscribeBody),
    (c) => unsubscribeWith(c, c.req.valid('json').token),
  )
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
    const page = localizePath('/unsubscribe', row?.language ?? 'en');
    // The page reads the token from the fragment, which its own requests never send anywhere.
    return c.redirect(`${config.siteUrl ?? ''}${page}#token=${encodeURIComponent(token)}`, 303);
  });
