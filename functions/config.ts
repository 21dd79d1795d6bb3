// Environment variables, read and validated once by each entry point (serve, admin, purge, netlify)
// and then passed down, so nothing else reads process.env.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isValidEmail, normaliseEmail } from './contract.ts';
import { defaultDataDir } from './dataDir.ts';
import { barePlatform, parseTrustProxy, type TrustProxy } from './security/trustProxy.ts';

/** A count as written: digits only, at least `min` (0 or 1), `fallback` when unset. */
const count = (fallback: number, min: 0 | 1 = 0) =>
  z
    .string()
    .regex(
      min === 0 ? /^\d+$/ : /^[1-9]\d*$/,
      min === 0 ? 'expected a whole number (0 or more)' : 'expected a whole number of at least 1',
    )
    .default(String(fallback))
    .transform(Number);

// Every variable is a string or absent: loadConfig drops empty ones first.
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().default(defaultDataDir),
  PG_POOL_MAX: count(10, 1),
  HASH_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => !barePlatform(value), {
      error: (issue) =>
        `a platform's name alone would believe its client and location headers from anyone who connects: ` +
        `add the platform's published proxy ranges, e.g. ${String(issue.input).trim().toLowerCase()}:173.245.48.0/20,2400:cb00::/32 ` +
        "(its whole current list), or leave TRUST_PROXY unset on the platform's own functions",
    })
    .transform(parseTrustProxy)
    .pipe(
      z.custom<TrustProxy>((trust) => trust !== undefined, {
        error:
          "expected the proxies' addresses or CIDR ranges, comma-separated (or loopback, linklocal, uniquelocal), " +
          'the number of proxies in front (true means 1, false 0), or a platform and its ranges ' +
          '(cloudflare:173.245.48.0/20,...; also netlify:, vercel:)',
      }),
    ),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'expected a comma-separated list of origins like https://example.com' }))),
  SUBSCRIBE_LIMIT_PER_HOUR: count(5),
  COMMENT_LIMIT_PER_HOUR: count(10),
  RATING_LIMIT_PER_HOUR: count(60),
  MODERATION_LIMIT_PER_HOUR: count(60),
  CONTENT_DIR: z.string().optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
    .transform((name) => name.toLowerCase())
    .optional(),
  HOST: z.string().default('127.0.0.1'),
  NODE_ENV: z.string().optional(),
  PORT: z
    .string()
    .regex(/^\d+$/, 'expected a port number')
    .default('4321')
    .transform(Number)
    .refine((port) => port <= 65535, 'expected a port number from 0 to 65535'),
  DIST_DIR: z.string().default('dist'),
  SITE_URL: z.url({ error: 'expected the site address, like https://example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'expected an smtp:// or smtps:// URL, like smtps://user:pass@host:465')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CONFIRM_MAIL_PER_HOUR: count(100),
  // The visitors' rule (contract.ts), so the operator's mailbox is spelled as theirs are.
  ADMIN_EMAIL: z
    .string()
    .transform(normaliseEmail)
    .refine(isValidEmail, 'expected one e-mail address, like operator@example.com')
    .optional(),
  ADMIN_LANGUAGE: z.enum(['en', 'bg'], { error: 'expected en or bg' }).default('en'),
  BACKUP_DIR: z.string().optional(),
  // At most a week's worth: no backup outlives the privacy page's promise (nightlyBackups.ts).
  BACKUP_KEEP: count(7, 1).refine(
    (keep) => keep <= 7,
    'expected a whole number from 1 to 7 (the privacy page promises a week)',
  ),
  NEWSLETTER_PER_SECOND: count(5, 1),
  MAX_CONNECTIONS: count(1000, 1),
  HEALTH_MAIL_MINUTES: count(30),
  HEALTH_BACKUP_HOURS: count(26, 1),
  HEALTH_DISK_FREE_MB: count(500),
  METRICS_PORT: z
    .string()
    .regex(/^\d+$/, 'expected a port number')
    .transform(Number)
    .refine((port) => port <= 65535, 'expected a port number from 0 to 65535')
    .optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // The day the tip of the day is chosen for, instead of the date in Sofia: tests set it.
  TODAY: z.iso.date({ error: 'expected a date as YYYY-MM-DD' }).optional(),
});

// The configuration every part receives: the variables validated above, resolved and grouped.
const configSchema = envSchema.transform((e) => ({
  /** PostgreSQL connection URL; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl: e.DATABASE_URL,
  dataDir: path.resolve(e.DATA_DIR),
  pgPoolMax: e.PG_POOL_MAX,
  /** Every key (links, hashes) derives from it; required in production, else generated into the database. */
  hashSecret: e.HASH_SECRET,
  /** NODE_ENV=production: the same settings are required as when listening beyond loopback. */
  production: e.NODE_ENV === 'production',
  /** The proxies in front: whose X-Forwarded-For / -Proto / -Host entries and platform headers count. */
  trustProxy: e.TRUST_PROXY,
  allowedOrigins: e.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
  /** Requests per client per hour; 0 turns the limit off. */
  limits: {
    subscribe: e.SUBSCRIBE_LIMIT_PER_HOUR,
    comment: e.COMMENT_LIMIT_PER_HOUR,
    rating: e.RATING_LIMIT_PER_HOUR,
    moderation: e.MODERATION_LIMIT_PER_HOUR,
  },
  // Resolved here, not at import, so bundles without a meaningful import.meta.url still load.
  contentDir: path.resolve(e.CONTENT_DIR ?? fileURLToPath(new URL('../content', import.meta.url))),
  geoCountryHeader: e.GEO_COUNTRY_HEADER,
  host: e.HOST,
  port: e.PORT,
  distDir: path.resolve(e.DIST_DIR),
  /** Most connections `npm run serve` holds open at once; more are refused until one closes. */
  maxConnections: e.MAX_CONNECTIONS,
  /** The public address of the site, for links in letters; `npm run serve` uses its own address when unset. */
  siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
  mail: {
    /** smtp:// or smtps:// URL of the mail server; when absent, letters are written to DATA_DIR/outbox. */
    smtpUrl: e.SMTP_URL,
    /** The sender; unset, letters name `localFrom`, which only a machine's own mailbox accepts. */
    from: e.MAIL_FROM,
    /** Most confirmation letters sent per clock hour, whoever asked; 0 turns the cap off. */
    confirmPerHour: e.CONFIRM_MAIL_PER_HOUR,
    /** Newsletter letters per second (`npm run newsletter -- send`). */
    perSecond: e.NEWSLETTER_PER_SECOND,
  },
  /** Nightly backups by `npm run serve` into `dir` (none when unset), the newest `keep` kept. */
  backup: { dir: e.BACKUP_DIR === undefined ? undefined : path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP },
  /** The date the tip of the day is chosen for (YYYY-MM-DD); unset, the date in Sofia at each request. */
  today: e.TODAY,
  /** The operator's mailbox for held comments (ADMIN_EMAIL; none means no such letters) and its language. */
  admin: { email: e.ADMIN_EMAIL, language: e.ADMIN_LANGUAGE },
  /** When /api/health turns degraded: a letter unsent this long, a backup this old, this little disk free. */
  health: {
    mailMinutes: e.HEALTH_MAIL_MINUTES,
    backupHours: e.HEALTH_BACKUP_HOURS,
    diskFreeMb: e.HEALTH_DISK_FREE_MB,
  },
  /** The Prometheus listener of `npm run serve`: off unless METRICS_PORT is set; loopback unless told. */
  metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
}));

export type Config = z.output<typeof configSchema>;

/** The sender of letters when MAIL_FROM is unset: fine for the outbox and a local mail server. */
export const localFrom = 'Important Advice <advice@localhost>';

// Values that are or may hold a password: a log of a failed start must not show them.
const secretVariables = new Set(['HASH_SECRET', 'DATABASE_URL', 'SMTP_URL']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. Throws a ConfigError naming the first bad variable, e.g.
 * `Invalid environment variable PORT: expected a port number (got "abc")`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `VAR=` in a shell or .env file means "not set", not "empty string".
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'unknown');
    throw new ConfigError(
      `Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'} ` +
        (secretVariables.has(name) ? '(its value is not shown)' : `(got ${JSON.stringify(env[name])})`),
    );
  }
  return parsed.data;
}

/** Whether `host` is reachable from this machine only: `localhost`, `127.x.x.x` or `::1`. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export const secretHowTo =
  "Make a secret with `openssl rand -base64 48` or `node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64'))\"`.";

/**
 * Why this configuration must not serve strangers, or undefined. A server others can reach (`exposed`:
 * listening beyond loopback, behind a proxy, a platform, or NODE_ENV=production) needs a HASH_SECRET kept outside the
 * database it protects (a generated one lives beside the data, so a backup could forge every link) and
 * SITE_URL (letters would otherwise link to the address the server happens to listen on).
 */
export function productionProblem(
  config: Config,
  exposed: boolean,
  what = 'a server others can reach (HOST beyond loopback, TRUST_PROXY, a platform, or NODE_ENV=production)',
): string | undefined {
  const missing = [config.hashSecret ? '' : 'HASH_SECRET', config.siteUrl ? '' : 'SITE_URL'].filter(Boolean);
  if (!(exposed || config.production) || missing.length === 0) return undefined;
  return (
    `${missing.join(' and ')} must be set for ${what}: ` +
    'HASH_SECRET (at least 32 characters) is the key of the links ' +
    'in letters and of the stored hashes, SITE_URL the public address (https://...) those links use. ' +
    secretHowTo
  );
}

/**
 * Why letters would be lost or misaddressed here, or undefined. `platform` names a serverless host,
 * whose file system is read-only: without SMTP_URL there is no outbox, so every letter would fail after
 * the visitor was told to look in their inbox. Where letters really leave (SMTP_URL on a platform or
 * with NODE_ENV=production), MAIL_FROM must name a sender the mail provider accepts.
 */
export function mailProblem(config: Config, platform?: string): string | undefined {
  const { smtpUrl, from } = config.mail;
  if (platform && !smtpUrl) {
    return (
      `SMTP_URL must be set on ${platform}: its file system is read-only, so there is no outbox to keep ` +
      'letters in; set it to your mail provider (smtps://user:password@host:465) and MAIL_FROM to its sender.'
    );
  }
  if (smtpUrl && !from && (platform || config.production)) {
    return (
      `MAIL_FROM must be set for letters sent through SMTP_URL${platform ? ` on ${platform}` : ' in production'}: ` +
      'the sender your mail provider lets you use, like MAIL_FROM="Important Advice <letters@example.com>".'
    );
  }
  return undefined;
}

/** Where letters' links point: SITE_URL, or the address `npm run serve` uses by default. */
export const siteUrlOf = (config: Config) => config.siteUrl ?? `http://${config.host}:${config.port || 4321}`;
