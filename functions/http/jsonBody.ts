// Every POST body goes through here: JSON only, at most 16 KiB, well-formed, and valid for its schema.
// Each way of failing gets its own status and a message a person can act on.
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { bodyLimitBytes, errorMessages } from '../contract.ts';
import type { AppEnv } from '../services.ts';

// The client may still be sending the rest of the body: the connection closes after this answer, so no
// client reuses it and meets a reset on its next request.
const tooLarge = (c: Context) => c.json({ error: errorMessages.bodyTooLarge }, 413, { Connection: 'close' });

// Chunked bodies (no Content-Length) are counted as they stream in and cut off at the limit.
const limitStreamedSize = bodyLimit({ maxSize: bodyLimitBytes, onError: tooLarge });

const jsonOfSize = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') return c.json({ error: errorMessages.unsupportedMediaType }, 415);
  // With a Content-Length the HTTP parser delivers exactly that many bytes, so the header decides. This
  // path also leaves the body unread for the Node adapter's fast direct read (no web stream).
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined)
    return limitStreamedSize(c, next);
  return Number(length) > bodyLimitBytes ? tooLarge(c) : next();
});

const parse = createMiddleware<AppEnv>(async (c, next) => {
  try {
    // Parsed once here; the validator below reads the cached value.
    await c.req.json();
  } catch {
    return c.json({ error: errorMessages.malformedJson }, 400);
  }
  return next();
});

/**
 * The body: 415 unless JSON, 413 above the size limit, 400 when it does not parse; then valid for
 * `schema`, else 400 with the first problem's message (every schema message names its field), wrapped
 * by `shape` when a route needs more fields.
 */
export function validJson<T extends ZodType>(schema: T, shape = (error: string) => ({ error }) as object) {
  const validator = zValidator('json', schema, (result, c) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const message =
      issue?.path.length === 0 ? errorMessages.bodyNotObject : (issue?.message ?? 'Invalid request');
    return c.json(shape(message), 400);
  });
  // Typed as the validator, so the route's input (and the pages' typed client) still knows the schema.
  return every(jsonOfSize, parse, validator) as typeof validator;
}
