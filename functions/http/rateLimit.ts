// Per-client hourly limits kept in the database, so every instance behind the CDN counts together.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { BlankInput } from 'hono/types';
import type { Config } from '../config.ts';
import { countAttempt, refundAttempt } from '../security/attempts.ts';
import { clientKey, normaliseAddress } from '../security/clientKey.ts';
import { clientAddress } from '../security/trustProxy.ts';
import type { AppEnv } from '../services.ts';
import { peerAddress, requestTrust } from './requestTrust.ts';

/** Which configured limit applies: subscribe, comment, rating or moderation (*_LIMIT_PER_HOUR). */
type LimitName = keyof Config['limits'];

const hourMs = 3_600_000;

/** Answers 429 with `body` and a Retry-After up to the next clock hour. */
const tooMany = <T extends { error: string }>(c: Context, body: T) =>
  c.json(body, 429, { 'Retry-After': String(Math.ceil((hourMs - (Date.now() % hourMs)) / 1000)) });

/**
 * Refuses with 429 and `body` once a client made more than the configured attempts at `action` this
 * hour. Every attempt counts, valid or not, except those whose answer `uncounted` names (given back
 * once answered). A limit of 0 turns the check off. Actions count separately, so a visitor who liked
 * many tips can still rate an article.
 */
export function rateLimit<T extends { error: string }>(
  action: string,
  limit: LimitName,
  body: T,
  uncounted?: (answer: Response) => boolean,
) {
  // The 429 is part of the route's type, so the pages' typed client knows it can happen.
  return createMiddleware<AppEnv, string, BlankInput, ReturnType<typeof tooMany<T>>>(async (c, next) => {
    const { config, hashSecret, db } = c.var.services;
    const max = config.limits[limit];
    if (max === 0) return next();
    const now = new Date();
    const address = normaliseAddress(clientAddress(c.req.raw.headers, peerAddress(c), requestTrust(c)));
    const key = clientKey(await hashSecret(), address, now);
    const windowStart = new Date(Math.floor(now.getTime() / hourMs) * hourMs);
    const attempt = { clientKey: key, action, windowStart, max };
    const hits = await countAttempt((await db()).db, attempt);
    if (hits > max) return tooMany(c, body);
    await next();
    if (uncounted?.(c.res)) await refundAttempt((await db()).db, attempt);
  });
}
