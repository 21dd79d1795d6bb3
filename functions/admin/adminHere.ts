// The admin API in the command's own process, for a command with no server to ask (adminClient.ts): the
// configured database, opened as the server opens it, and the same app. It never creates a database
// (restore aside) and never makes up a secret.
import fs from 'node:fs';
import path from 'node:path';
import { hc } from 'hono/client';
import { type Config, siteUrlOf } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { pgliteDirectory } from '../db/pgliteDirectory.ts';
import { storedSecret } from '../services.ts';
import { entryConfig, startServices } from '../start.ts';
import { type AdminApp, createAdminApp } from './adminApp.ts';

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

/**
 * The admin API on the database of `env`'s configuration; undefined while another process holds its
 * data folder (a server starting, which answers on its socket a moment later), unless `late`.
 */
export async function openAdminHere(
  env: Record<string, string | undefined>,
  socketPath: string,
  late: boolean,
) {
  const config = entryConfig({ kind: 'command', env });
  mustExist(config, socketPath);
  const database = await openDatabase(config).catch((error: Error) => {
    if (!(error instanceof DataDirLockedError) || late) throw error;
  });
  if (!database) return undefined;
  const services = startServices(config, async () => database);
  // The site's secret, never a new one: HASH_SECRET, else the one its database holds.
  const secret = async () => config.hashSecret ?? (await storedSecret(database.db));
  const app = createAdminApp({ services, database, siteUrl: siteUrlOf(config), secret });
  const client = hc<AdminApp>('http://admin', { fetch: app.request });
  return { client, [Symbol.asyncDispose]: () => database.close() };
}
