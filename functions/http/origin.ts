// Browsers send Origin on cross-site POSTs; refusing foreign ones stops other sites from submitting
// our forms in a visitor's name. Requests without Origin (curl, server-to-server) are allowed.
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { errorMessages } from '../contract.ts';
import { forwarded, type TrustProxy } from '../security/trustProxy.ts';
import type { AppEnv } from '../services.ts';
import { requestTrust } from './requestTrust.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** scheme://host the visitor used; behind a trusted proxy the forwarded headers say it. */
function ownOrigin(request: Request, trust: TrustProxy): string {
  const url = new URL(request.url);
  const proto = forwarded(request.headers.get('x-forwarded-proto'), trust) ?? url.protocol.replace(':', '');
  const host = forwarded(request.headers.get('x-forwarded-host'), trust) ?? url.host;
  return `${proto}://${host}`.toLowerCase();
}

export const refuseCrossSite = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header('origin');
  if (origin === undefined || !unsafeMethods.has(c.req.method)) return next();
  const { allowedOrigins } = c.var.services.config;
  const normalised = origin.toLowerCase();
  if (normalised === ownOrigin(c.req.raw, requestTrust(c)) || allowedOrigins.includes(normalised))
    return next();
  return c.json({ error: errorMessages.crossSite }, 403);
});

/**
 * Lets pages served from an ALLOWED_ORIGINS origin call the API from the browser (the site's
 * PUBLIC_API_BASE setup): answers their preflight and names them in Access-Control-Allow-Origin.
 * Other requests pass untouched (no CORS headers, so browsers keep other sites out), which also
 * spares the common same-origin request the work of the CORS middleware.
 */
export function corsFor(allowedOrigins: string[]) {
  const allowed = (origin: string) => allowedOrigins.includes(origin.toLowerCase());
  const handler = cors({
    origin: (origin) => (allowed(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type'],
    maxAge: 600,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    return origin !== undefined && allowed(origin) ? handler(c, next) : next();
  });
}
