// POST /api/subscribe/confirm: the confirmation page sends the token from the letter's link here. Only
// a POST confirms, so a mail scanner that merely opens the link confirms nobody.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { subscribers } from '../db/schema.ts';
import { validJson } from '../http/jsonBody.ts';
import { confirmAndStartCourse } from '../mail/courseSchedule.ts';
import { checkConfirmToken } from '../mail/tokens.ts';
import { confirmBody } from '../schemas.ts';
import type { AppEnv } from '../services.ts';

export const confirm = new Hono<AppEnv>().post('/', validJson(confirmBody), async (c) => {
  const { token } = c.req.valid('json');
  const { hashSecret, db: open } = c.var.services;
  const check = checkConfirmToken(await hashSecret(), token);
  if (check.status === 'invalid') return c.json({ error: errorMessages.confirmInvalid }, 400);
  if (check.status === 'expired') return c.json({ error: errorMessages.confirmExpired }, 410);
  const { db } = await open();
  // Confirming starts the course of letters, whose welcome letter the mail queue sends within seconds.
  if (await confirmAndStartCourse(db, check.subscriberId)) return c.json({ confirmed: true as const });
  const [row] = await db
    .select({ status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.id, check.subscriberId));
  // A signed token without its row: the pending address was purged or unsubscribed since.
  if (!row) return c.json({ error: errorMessages.confirmExpired }, 410);
  return c.json({ error: errorMessages.confirmUsed }, 409);
});
