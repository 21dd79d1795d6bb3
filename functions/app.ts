// The HTTP API, written against web-standard Request/Response so the same app runs in the Node
// server (functions/server/serve.ts) and on Netlify (functions/platforms/netlify.ts).
import { type Context, Hono } from 'hono';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { errorMessages } from './contract.ts';
import { corsFor, refuseCrossSite } from './http/origin.ts';
import { requestTrust } from './http/requestTrust.ts';
import { documentHeaders, hsts } from './http/securityHeaders.ts';
import { countRequests } from './metrics/requests.ts';
import { articles } from './routes/articles.ts';
import { confirm } from './routes/confirm.ts';
import { geo } from './routes/geo.ts';
import { health } from './routes/health.ts';
import { moderation } from './routes/moderation.ts';
import { subscribe } from './routes/subscribe.ts';
import { tipOfTheDay } from './routes/tipOfTheDay.ts';
import { tipRatings } from './routes/tipRatings.ts';
import { unsubscribe } from './routes/unsubscribe.ts';
import { safeError } from './safeError.ts';
import { isHttps, type TrustProxy } from './security/trustProxy.ts';
import type { AppEnv, Services } from './services.ts';

/**
 * The headers of every API answer, errors included: Hono's secureHeaders with the pages' values (an
 * answer opened on its own is a document: no framing, no sniffing) and a CSP that loads nothing; HSTS
 * only over HTTPS; and no shared cache, as answers depend on the database and the visitor.
 */
export function apiHeaders(trustOf: (c: Context<AppEnv>) => TrustProxy = requestTrust) {
  return every(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      // As the pages: the browsers' own referrer policy, and the CSP's frame-ancestors against framing.
      referrerPolicy: false,
      xFrameOptions: false,
      strictTransportSecurity: false,
    }),
    createMiddleware<AppEnv>(async (c, next) => {
      // Set before the handler runs, so a route may still override one, as /api/geo does with Cache-Control.
      c.header('Permissions-Policy', documentHeaders['Permissions-Policy']);
      if (isHttps(c.req.raw, trustOf(c))) c.header('Strict-Transport-Security', hsts);
      c.header('Cache-Control', 'no-store');
      await next();
    }),
  );
}

export function createApp(services: Services) {
  const app = new Hono<AppEnv>().basePath('/api');

  const withServices = createMiddleware<AppEnv>(async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use(
    countRequests,
    withServices,
    apiHeaders(),
    corsFor(services.config.allowedOrigins),
    refuseCrossSite,
  );

  app.notFound((c) => c.json({ error: errorMessages.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || errorMessages.notFound }, error.status);
    }
    // A 500 body never shows internals, and the log only the error's kind and code: a driver's
    // message quotes the query's parameters, the visitor's words.
    console.error(`${c.req.method} ${c.req.path} failed: ${safeError(error)}`);
    return c.json({ error: errorMessages.serverError }, 500);
  });
  // Chained, so the app's type carries every route: the pages' typed client is derived from it.
  return app
    .route('/subscribe', subscribe)
    .route('/subscribe/confirm', confirm)
    .route('/unsubscribe', unsubscribe)
    .route('/tip-ratings', tipRatings)
    .route('/tips/today', tipOfTheDay)
    .route('/articles', articles)
    .route('/moderation', moderation)
    .route('/geo', geo)
    .route('/health', health);
}

/** The API with every route's input and answers in its type (used by src/lib/api/client.ts). */
export type ApiApp = ReturnType<typeof createApp>;
