// How a command reaches the admin API: the running server's, over its socket in DATA_DIR, or, with no
// server answering there, the same app run in this process on the configured database. A command never
// creates a database (restore aside) and never makes up a secret.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { hc } from 'hono/client';
import type { Config } from '../config.ts';
import { createContent } from '../content.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { pgliteDirectory } from '../db/pgliteDirectory.ts';
import { settings } from '../db/schema.ts';
import { createServices } from '../services.ts';
import { type AdminApp, createAdminApp } from './adminApp.ts';
import { adminSocketPath, answers, socketFetch } from './adminSocket.ts';
import { siteUrlOf } from './sendRoute.ts';

export type AdminClient = ReturnType<typeof hc<AdminApp>>;

export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/**
 * Throws NoDatabaseError, saying where it looked, when there is no PGlite database in DATA_DIR. A
 * PostgreSQL database is the operator's to create (createdb); connecting to one that does not exist
 * fails with PostgreSQL's own message, and an empty one is migrated as the server would.
 */
function mustExist(config: Config, socketPath: string) {
  if (config.databaseUrl || fs.existsSync(path.join(pgliteDirectory(config.dataDir), 'PG_VERSION'))) return;
  throw new NoDatabaseError(
    `No database found: no server answers on ${socketPath} and there is no PGlite database in ` +
      `${pgliteDirectory(config.dataDir)}. Point DATA_DIR (or DATABASE_URL) at the site in .env at the ` +
      'project root or in the environment, or restore a backup there with `npm run admin -- restore FILE`.',
  );
}

/** The address of the site serving on DATA_DIR's socket (SITE_URL, or where it listens); undefined when none. */
export async function runningSiteUrl(config: Config): Promise<string | undefined> {
  const socketPath = adminSocketPath(config.dataDir);
  if (!(await answers(socketPath))) return undefined;
  const client = hc<AdminApp>('http://admin', { fetch: socketFetch(socketPath) });
  const response = await client.health.$get();
  return response.ok ? (await response.json()).siteUrl : undefined;
}

// A server that has just locked the folder answers on its socket a moment later.
const startWaitMs = 5000;

/** The API of the running site, or of the configured database opened here when no site answers. */
export async function connectAdmin(config: Config): Promise<{ client: AdminClient; close(): Promise<void> }> {
  const socketPath = adminSocketPath(config.dataDir);
  const until = Date.now() + startWaitMs;
  for (; ; await sleep(200)) {
    if (await answers(socketPath)) {
      return {
        client: hc<AdminApp>('http://admin', { fetch: socketFetch(socketPath) }),
        close: async () => {},
      };
    }
    mustExist(config, socketPath);
    const database = await openDatabase(config).catch((error: Error) => {
      if (!(error instanceof DataDirLockedError) || Date.now() > until) throw error;
    });
    if (!database) continue;
    const services = createServices(config, createContent(config.contentDir), async () => database);
    // The site's secret, never a new one: HASH_SECRET, else the one its database holds.
    const secret = async () =>
      config.hashSecret ??
      (await database.db.select().from(settings).where(eq(settings.key, 'hash_secret')))[0]?.value;
    const app = createAdminApp({ services, database, siteUrl: siteUrlOf(config), secret });
    return { client: hc<AdminApp>('http://admin', { fetch: app.request }), close: () => database.close() };
  }
}
