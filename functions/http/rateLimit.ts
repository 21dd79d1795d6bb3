// Per-client hourly limits kept in the database, so every instance behind the CDN counts together.
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import type { AppEnv } from '../services.ts';
import { clientAddress, clientKey } from './clientKey.ts';

/** Which configured limit applies: subscribe, comment or rating (SUBSCRIBE_/COMMENT_/RATING_LIMIT_PER_HOUR). */
export type LimitName = keyof Config['limits'];

const hourMs = 3_600_000;

/** Counts one attempt in the current clock hour and returns the attempts so far, this one included. */
export async function countAttempt(db: Db, key: string, action: string, now = new Date()): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / hourMs) * hourMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ clientKey: key, action, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.clientKey, rateLimits.action, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 1;
}

/**
 * Refuses with 429 and `body` once a client made more than `limit` attempts at `action` this hour.
 * Every attempt counts, valid or not. A limit of 0 turns the check off. Actions count separately, so
 * a visitor who liked many tips can still rate an article.
 */
export function rateLimit(action: string, limit: LimitName, body: Record<string, unknown>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { config, db, hashSecret } = c.var.services;
    const max = config.limits[limit];
    if (max === 0) return next();
    const address = clientAddress(c.req.raw.headers, c.env?.clientAddress, config.trustProxy);
    const attempts = await countAttempt((await db()).db, clientKey(await hashSecret(), address), action);
    if (attempts > max) {
      c.header('Retry-After', String(Math.ceil((hourMs - (Date.now() % hourMs)) / 1000)));
      return c.json(body, 429);
    }
    return next();
  });
}
