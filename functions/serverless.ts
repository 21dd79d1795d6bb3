// What every serverless function needs, whatever the platform: its settings, checked for what a
// platform without a disk of its own requires, and its database, migrated before the first query.
// (Not under functions/platforms/: every file there is deployed as a function.)
import path from 'node:path';
import { type Config, ConfigError, loadConfig, mailProblem, productionProblem } from './config.ts';
import { migrateOrClose } from './db/migrate.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database } from './db/types.ts';

/**
 * Where the platform puts the files netlify.toml's `included_files` names: beside the function,
 * relative to its working directory (on Netlify, under `netlify serve` and in a bundle run by hand).
 */
export const bundledFiles = {
  content: path.join(process.cwd(), 'content'),
  migrations: path.join(process.cwd(), 'functions', 'migrations'),
};

/**
 * The settings of a function that takes visitors' data or sends letters on `platform` (its name, for
 * messages): `defaults` under the environment, the content from the bundle. Throws a ConfigError naming
 * what is missing: a HASH_SECRET and the public address, a mail server (no outbox on a read-only disk)
 * and its sender.
 */
export function serverlessConfig(
  platform: string,
  defaults: Record<string, string>,
  env: Record<string, string | undefined> = process.env,
): Config {
  // Only the platform reaches a function: whom to trust is the entry's to say (onPlatform), not TRUST_PROXY.
  const { TRUST_PROXY: _, ...rest } = env;
  const settings = loadConfig({ CONTENT_DIR: bundledFiles.content, ...defaults, ...rest });
  const problem = productionProblem(settings, true, platform) ?? mailProblem(settings, platform);
  if (problem) throw new ConfigError(problem);
  return settings;
}

/**
 * A pool of `poolMax` to PostgreSQL with the bundle's migrations applied before anything else may
 * query it (closed again if they fail), so any function may be the first on a fresh database.
 */
export async function openMigrated(
  platform: string,
  databaseUrl: string | undefined,
  poolMax: number,
): Promise<Database> {
  if (!databaseUrl) {
    throw new ConfigError(`DATABASE_URL is not set: on ${platform} the functions need a PostgreSQL server.`);
  }
  return migrateOrClose(await openPostgres(databaseUrl, poolMax), bundledFiles.migrations);
}
