// Public reads a CDN or caching proxy in front may answer: an article's comments and its rating. They
// hold nothing of the visitor who asks (no cookie is read, no personal field is in them), so one answer
// serves everybody. A shared cache keeps it `freshSeconds` and may then serve it `staleSeconds` more
// while it asks again (by ETag, so an unchanged list costs the origin a 304): nobody sees a list older
// than their sum. Browsers keep nothing fresh and ask the cache each time. A visitor's own comment or
// rating shows at once from the POST's answer, and their reads for a while after carry `?after=` (the
// time of their change), an address no shared answer from before it can have. docs/operations.md.
import { zValidator } from '@hono/zod-validator';
import { every } from 'hono/combine';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { errorMessages, sharedCacheLifetime } from '../contract.ts';

const { freshSeconds, staleSeconds } = sharedCacheLifetime;
export const sharedCacheControl = `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${staleSeconds}`;

const cacheable = createMiddleware(async (c, next) => {
  await next();
  // Only a list as it is; an error (an unknown article) keeps the API's no-store.
  if (c.res.status === 200) c.header('Cache-Control', sharedCacheControl);
});

/** `?after=` is only an address of its own for the visitor who changed something; anything else is a 400. */
const afterQuery = zValidator(
  'query',
  z.object({
    after: z
      .string()
      .regex(/^\d{1,15}$/, errorMessages.afterInvalid)
      .optional(),
  }),
  (result, c) => {
    if (!result.success) return c.json({ error: errorMessages.afterInvalid }, 400);
  },
);

/** A GET whose 200 a shared cache may keep (with an ETag, 304 to a matching If-None-Match). */
export const sharedRead = every(afterQuery, etag(), cacheable) as typeof afterQuery;
