// The HTTP API, written against web-standard Request/Response so the same app runs in the Node
// server (functions/server/serve.ts) and on Netlify (functions/platforms/netlify.ts).
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorMessages } from './contract.ts';
import { corsFor, refuseCrossSite } from './http/origin.ts';
import { requestTrust } from './http/requestTrust.ts';
import { apiCsp, documentHeaders, hsts, securityHeaders } from './http/securityHeaders.ts';
import { isHttps } from './http/trustProxy.ts';
import { articles } from './routes/articles.ts';
import { confirm } from './routes/confirm.ts';
import { geo } from './routes/geo.ts';
import { health } from './routes/health.ts';
import { moderation } from './routes/moderation.ts';
import { subscribe } from './routes/subscribe.ts';
import { tipRatings } from './routes/tipRatings.ts';
import { unsubscribe } from './routes/unsubscribe.ts';
import { safeError } from './safeError.ts';
import type { AppEnv, Services } from './services.ts';

export function createApp(services: Services) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(async (c, next) => {
    c.set('services', services);
    // Set before the handler runs, so every response it (or an error) creates starts with them;
    // a route may still override one, as /api/geo does with Cache-Control.
    // All of them, as for a page: an answer opened on its own is a document (no framing, no sniffing).
    for (const [name, value] of Object.entries({ ...securityHeaders, ...documentHeaders }))
      c.header(name, value);
    c.header('Content-Security-Policy', apiCsp);
    if (isHttps(c.req.raw, requestTrust(c))) c.header('Strict-Transport-Security', hsts);
    // Answers depend on the database and the visitor: no shared cache may keep them.
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use(corsFor(services.config.allowedOrigins));
  app.use(refuseCrossSite);

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
    .route('/articles', articles)
    .route('/moderation', moderation)
    .route('/geo', geo)
    .route('/health', health);
}

/** The API with every route's input and answers in its type (used by src/lib/api/client.ts). */
export type ApiApp = ReturnType<typeof createApp>;
