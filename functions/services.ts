// What every route may use, handed to createApp() once per process. The database is opened on first
// use, so a serverless instance answers /api/geo even when the database is unreachable.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Content } from './content.ts';
import { settings } from './db/schema.ts';
import type { Database, Db } from './db/types.ts';
import { forgetAgain } from './erasure.ts';
import { deleteOutboxLetters } from './mail/outbox.ts';

export type Services = ReturnType<typeof createServices>;

/** What the platform knows about the request that the headers may not say. */
export interface Platform {
  /** The peer's address as the platform gives it (Netlify's context.ip; the tests' made-up clients). */
  clientAddress?: string;
  /** Node's request (`npm run serve`), whose socket getConnInfo reads. */
  incoming?: IncomingMessage;
  /** Location the platform determined, e.g. Netlify's context.geo. */
  geo?: { countryCode?: string; countryName?: string; city?: string; region?: string };
}

export type AppEnv = { Bindings: Platform; Variables: { services: Services } };

/** Shares one in-flight attempt; a failure is forgotten so the next call tries again. */
function retryingOnce<T>(load: () => Promise<T>) {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/** The secret the database holds (made by the first start without HASH_SECRET), if any. */
export const storedSecret = async (db: Db): Promise<string | undefined> =>
  (await db.select().from(settings).where(eq(settings.key, 'hash_secret')))[0]?.value;

async function loadHashSecret(db: Db): Promise<string> {
  // Concurrent first starts race here harmlessly: one insert wins and everyone reads the winner.
  await db
    .insert(settings)
    .values({ key: 'hash_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const secret = await storedSecret(db);
  if (!secret) throw new Error('hash_secret missing from settings');
  return secret;
}

export function createServices(config: Config, content: Content, open: () => Promise<Database>) {
  // Key for e-mail and client-address hashes: HASH_SECRET, or one generated once and kept in the database.
  const secretOf = (database: Database) => config.hashSecret ?? loadHashSecret(database.db);
  // Before anything reads or mails: whoever asked to be forgotten is forgotten again (a restore may
  // have brought them back while this process was down). The secret is read once, here.
  const opened = retryingOnce(async () => {
    const database = await open();
    const secret = await secretOf(database);
    await deleteOutboxLetters(config.dataDir, await forgetAgain(database.db, secret));
    return { database, secret };
  });
  const db = async () => (await opened()).database;
  const hashSecret = async () => (await opened()).secret;
  return { config, content, db, hashSecret };
}

/** Where letters about held comments go (ADMIN_EMAIL) and how they name articles; undefined: nowhere. */
export function operatorMail(config: Config, services: Pick<Services, 'content'>) {
  const { email, language } = config.admin;
  return email ? { email, language, articleTitle: services.content.articleTitle } : undefined;
}
