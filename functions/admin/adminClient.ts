// How a command reaches the admin API: the running server's, over its socket in DATA_DIR, or, with no
// server answering there, the same app run in this process on the configured database. A command never
// creates a database (restore aside) and never makes up a secret.

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { hc } from 'hono/client';
import type { Config } from '../config.ts';
import { createContent } from '../content.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { pgliteDirectory } from '../db/pgliteDirectory.ts';
import { settings } from '../db/schema.ts';
import type { Database, Db } from '../db/types.ts';
import { createServices } from '../services.ts';
import { type AdminApp, createAdminApp } from './adminApp.ts';
import { adminSocketPath, answers } from './adminSocket.ts';

export type AdminClient = ReturnType<typeof hc<AdminApp>>;

export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/** A fetch that sends its request to the HTTP server on `socketPath`. */
export function socketFetch(socketPath: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        {
          socketPath,
          method: request.method,
          path: url.pathname + url.search,
          headers: Object.fromEntries(request.headers),
        },
        (incoming) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          const stream = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
          resolve(new Response(stream, { status: incoming.statusCode, headers }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** The secret the site uses: HASH_SECRET, else the one its database holds; undefined when neither. */
export async function siteSecret(config: Config, db: Db): Promise<string | undefined> {
  if (config.hashSecret) return config.hashSecret;
  const [row] = await db.select().from(settings).where(eq(settings.key, 'hash_secret'));
  return row?.value;
}

/** Where letters' links point when the command runs the API itself: SITE_URL, or serve's default address. */
export const siteUrlOf = (config: Config) => config.siteUrl ?? `http://${config.host}:${config.port || 4321}`;

const pointing =
  'Point DATA_DIR (or DATABASE_URL) at the site in .env at the project root or in the environment, ' +
  'or restore a backup there with `npm run admin -- restore FILE`.';

/**
 * Throws NoDatabaseError, saying where it looked, when there is no PGlite database in DATA_DIR. A
 * PostgreSQL database is the operator's to create (createdb); connecting to one that does not exist
 * fails with PostgreSQL's own message, and an empty one is migrated as the server would.
 */
function mustExist(config: Config, socketPath: string) {
  if (config.databaseUrl || fs.existsSync(path.join(pgliteDirectory(config.dataDir), 'PG_VERSION'))) return;
  throw new NoDatabaseError(
    `No database found: no server answers on ${socketPath} and there is no PGlite database in ` +
      `${pgliteDirectory(config.dataDir)}. ${pointing}`,
  );
}

// A server that has just locked the folder answers on its socket a moment later.
const startWaitMs = 5000;

/** The API of the running site, or of the configured database opened here when no site answers. */
export async function connectAdmin(
  config: Config,
): Promise<{ client: AdminClient; where: 'server' | 'here'; close(): Promise<void> }> {
  const socketPath = adminSocketPath(config.dataDir);
  const until = Date.now() + startWaitMs;
  for (;;) {
    if (await answers(socketPath)) {
      return {
        client: hc<AdminApp>('http://admin', { fetch: socketFetch(socketPath) }),
        where: 'server',
        close: async () => {},
      };
    }
    mustExist(config, socketPath);
    let database: Database;
    try {
      database = await openDatabase(config);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() > until) throw error;
      await sleep(200);
      continue;
    }
    const services = createServices(config, createContent(config.contentDir), async () => database);
    const app = createAdminApp({
      services,
      database,
      siteUrl: siteUrlOf(config),
      secret: () => siteSecret(config, database.db),
    });
    const client = hc<AdminApp>('http://admin', {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init)),
    });
    return { client, where: 'here', close: () => database.close() };
  }
}
