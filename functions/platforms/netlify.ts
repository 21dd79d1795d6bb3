// Netlify Functions (v2: web-standard Request/Response) entry for the API, routed on /api/* (its
// `config.path`); the static site and its _headers/_redirects are served by Netlify. Serverless
// instances are many and short-lived, so storage is PostgreSQL only (DATABASE_URL).
import { Hono } from 'hono';
import { apiHeaders, createApp } from '../app.ts';
import { ConfigError } from '../config.ts';
import { errorMessages } from '../contract.ts';
import { safeError } from '../safeError.ts';
import { noProxy, onPlatform } from '../security/trustProxy.ts';
import { entryConfig, onNetlify, openMigrated, startServices } from '../start.ts';

/** The parts of Netlify's Context this function reads. */
interface NetlifyContext {
  ip?: string;
  geo?: { city?: string; country?: Place; subdivision?: Place };
}
type Place = { code?: string; name?: string };

/** The API, or when it could not start a plain 500 for every request (the log says why, at start too). */
function startApi() {
  try {
    // Each instance holds its own pool: keep it small (or point DATABASE_URL at a pooler).
    const settings = {
      ...entryConfig(onNetlify(2)),
      // Only Netlify reaches this code, and it writes its own client and location headers.
      trustProxy: onPlatform('netlify'),
    };
    // The first request opens the pool, after the migrations (a failed one closes it again).
    return createApp(
      startServices(settings, () => openMigrated('Netlify', settings.databaseUrl, settings.pgPoolMax)),
    );
  } catch (error) {
    const why = `The API cannot start: ${error instanceof ConfigError ? error.message : safeError(error)}`;
    console.error(why);
    return new Hono().use(apiHeaders(() => noProxy)).all('*', (c) => {
      console.error(why);
      return c.json({ error: errorMessages.serverError }, 500);
    });
  }
}

const app = startApi();

export default (request: Request, context?: NetlifyContext): Promise<Response> | Response =>
  app.fetch(request, {
    clientAddress: context?.ip,
    geo: context?.geo && {
      countryCode: context.geo.country?.code,
      countryName: context.geo.country?.name,
      city: context.geo.city,
      region: context.geo.subdivision?.name ?? context.geo.subdivision?.code,
    },
  });

export const config = { path: '/api/*' };
