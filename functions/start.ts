// Start-up, written once for every entry (`npm run serve`, a command with no server to ask, the Netlify
// functions): the configuration, checked for where it runs; then the database, opened as that place
// opens it; then the services every route and letter use. Each entry then makes its own app of them.
// `npm run serve` and the commands open PGlite or PostgreSQL with db/client.ts themselves, so no
// platform's bundle carries PGlite.
// (Not under functions/platforms/: every file there is deployed as a function.)
import path from 'node:path';
import {
  type Config,
  ConfigError,
  isLoopback,
  loadConfig,
  mailProblem,
  productionProblem,
} from './config.ts';
import { createContent } from './content.ts';
import { migrateOrClose } from './db/migrate.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database } from './db/types.ts';
import type { DrainOptions } from './mail/queue.ts';
import type { MailTransport } from './mail/transport.ts';
import { trustsProxies } from './security/trustProxy.ts';
import { createServices, operatorMail, type Services } from './services.ts';

type Env = Record<string, string | undefined>;

/** Where a process starts, which decides what its configuration must hold and how its database opens. */
export type Entry =
  /** `npm run serve`: strangers reach it unless it listens on loopback with no proxy before it. */
  | { kind: 'server'; env?: Env }
  /** A command with no server to ask: the site's configuration and database as they are. */
  | { kind: 'command'; env: Env }
  /** A serverless function on `platform`: PostgreSQL only, migrated from the bundle; `defaults` under the environment. */
  | { kind: 'serverless'; platform: string; defaults: Record<string, string>; env?: Env };

/** A Netlify function with a pool of `poolMax`, its letters linking to the site's main address (URL). */
export const onNetlify = (poolMax: number): Entry => ({
  kind: 'serverless',
  platform: 'Netlify',
  defaults: { PG_POOL_MAX: String(poolMax), ...(process.env.URL ? { SITE_URL: process.env.URL } : {}) },
});

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
function serverlessConfig(
  platform: string,
  defaults: Record<string, string>,
  env: Env = process.env,
): Config {
  // Only the platform reaches a function: whom to trust is the entry's to say (onPlatform), not TRUST_PROXY.
  const { TRUST_PROXY: _, ...rest } = env;
  const settings = loadConfig({ CONTENT_DIR: bundledFiles.content, ...defaults, ...rest });
  const problem = productionProblem(settings, true, platform) ?? mailProblem(settings, platform);
  if (problem) throw new ConfigError(problem);
  return settings;
}

/** The entry's configuration, checked for where it runs. Throws a ConfigError naming the problem. */
export function entryConfig(entry: Entry): Config {
  const env = entry.env ?? process.env;
  if (entry.kind === 'serverless') return serverlessConfig(entry.platform, entry.defaults, env);
  const config = loadConfig(env);
  if (entry.kind === 'command') return config;
  // Behind a proxy (any TRUST_PROXY) strangers reach the server, whatever HOST it listens on.
  const exposed = !isLoopback(config.host) || trustsProxies(config.trustProxy);
  const problem = productionProblem(config, exposed) ?? mailProblem(config);
  if (problem) throw new ConfigError(problem);
  return config;
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

/**
 * The services on `config`'s content and the database `open` gives (at first use, once, after
 * forgetting again whoever asked to be forgotten: services.ts).
 */
export function startServices(config: Config, open: () => Promise<Database>): Services {
  return createServices(config, createContent(config.contentDir), open);
}

/** What the mail queue's drain needs of a started site, its letters linking to `siteUrl`. */
export async function drainOptions(
  services: Services,
  transport: MailTransport,
  siteUrl: string,
): Promise<Omit<DrainOptions, 'now'>> {
  const { config } = services;
  return {
    transport,
    context: { secret: await services.hashSecret(), siteUrl },
    confirmPerHour: config.mail.confirmPerHour,
    contentDir: config.contentDir,
    perSecond: config.mail.perSecond,
    operator: operatorMail(config, services),
  };
}
