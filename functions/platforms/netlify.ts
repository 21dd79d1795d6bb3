// Netlify Functions (v2: web-standard Request/Response) entry for the API. netlify.toml bundles it with
// esbuild and routes /api/* here; the static site and its _headers/_redirects are served by Netlify.
// Serverless instances are many and short-lived, so storage is PostgreSQL only (DATABASE_URL).
import path from 'node:path';
import { Hono } from 'hono';
import { apiHeaders, createApp } from '../app.ts';
import { ConfigError, loadConfig, productionProblem } from '../config.ts';
import { createContent } from '../content.ts';
import { errorMessages } from '../contract.ts';
import { migrateOrClose } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { noProxy, onPlatform } from '../http/trustProxy.ts';
import { safeError } from '../safeError.ts';
import { createServices } from '../services.ts';

/** The parts of Netlify's Context this function reads. */
interface NetlifyContext {
  ip?: string;
  geo?: { city?: string; country?: Place; subdivision?: Place };
}
type Place = { code?: string; name?: string };

// netlify.toml's included_files puts content/ and the migrations beside the function, relative to the
// working directory, both on Netlify and under `netlify dev`.
const root = process.cwd();

/** The API, or when it could not start a plain 500 for every request (the log says why). */
function startApi() {
  try {
    // TRUST_PROXY is the platform's own here, whatever the environment says.
    const { TRUST_PROXY: _, ...env } = process.env;
    const settings = {
      ...loadConfig({
        CONTENT_DIR: path.join(root, 'content'),
        // Each instance holds its own pool: keep it small (or point DATABASE_URL at a pooler).
        PG_POOL_MAX: '2',
        // Netlify sets URL to the site's main address.
        ...(env.URL ? { SITE_URL: env.URL } : {}),
        ...env,
      }),
      // Only Netlify reaches this code, and it writes its own client and location headers.
      trustProxy: onPlatform('netlify'),
    };
    const problem = productionProblem(settings, true);
    if (problem) throw new ConfigError(problem);
    const open = async () => {
      if (!settings.databaseUrl) {
        throw new ConfigError('DATABASE_URL is not set: on Netlify the functions need a PostgreSQL server.');
      }
      // A failed migration closes the pool, so a failing cold start does not leak connections.
      const database = openPostgres(settings.databaseUrl, settings.pgPoolMax);
      return migrateOrClose(database, path.join(root, 'functions', 'migrations'));
    };
    return createApp(createServices(settings, createContent(settings.contentDir), open));
  } catch (error) {
    return new Hono().use(apiHeaders(() => noProxy)).all('*', (c) => {
      console.error(
        `The API cannot start: ${error instanceof ConfigError ? error.message : safeError(error)}`,
      );
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
