// `npm run admin -- stats`: the site's figures at a glance, read without changing anything.

import { count, eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { languages, moderationStatuses } from './contract.ts';
import { pgliteDirectory } from './db/pgliteDirectory.ts';
import {
  articleRatings,
  comments,
  lettersSent,
  mailQueue,
  mailStatuses,
  subscriberStatuses,
  subscribers,
  tipRatings,
} from './db/schema.ts';
import type { Db } from './db/types.ts';
import { bouncedMailboxes } from './mail/bounces.ts';
import { utcDay } from './mail/sentCounts.ts';

/** Which database the figures come from: never a password. */
export type DatabaseInUse =
  | { kind: 'pglite'; path: string }
  | { kind: 'postgres'; host: string; database: string };

/** The database of this configuration, named as the operator would look for it. */
export function databaseInUse(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseInUse {
  if (!config.databaseUrl) return { kind: 'pglite', path: pgliteDirectory(config.dataDir) };
  const url = new URL(config.databaseUrl);
  return { kind: 'postgres', host: url.host, database: decodeURIComponent(url.pathname.slice(1)) };
}

/** Each of `keys` with the sum of `n` over the rows whose column `by` holds it (0 when none does). */
const tally = <R extends { n: number }, K extends string>(rows: R[], by: keyof R, keys: readonly K[]) =>
  Object.fromEntries(
    keys.map((key) => [key, rows.filter((row) => row[by] === key).reduce((a, row) => a + row.n, 0)]),
  ) as Record<K, number>;

/** Subscribers per state and language, letters, comments per state and ratings. */
export async function siteStats(db: Db, database: DatabaseInUse, now = new Date()) {
  const today = utcDay(now);
  const [people, queue, requested, sentByQueue, thread, rated, liked, bounced] = await Promise.all([
    db
      .select({ status: subscribers.status, language: subscribers.language, n: count() })
      .from(subscribers)
      .groupBy(subscribers.status, subscribers.language),
    db.select({ status: mailQueue.status, n: count() }).from(mailQueue).groupBy(mailQueue.status),
    db.select({ n: count() }).from(subscribers).where(eq(subscribers.confirmWanted, true)),
    db
      .select({ n: sql<string | null>`sum(${lettersSent.sent})` })
      .from(lettersSent)
      .where(eq(lettersSent.day, today)),
    db.select({ status: comments.status, n: count() }).from(comments).groupBy(comments.status),
    db.select({ n: count() }).from(articleRatings),
    db.select({ n: count() }).from(tipRatings),
    bouncedMailboxes(db),
  ]);
  const queued = tally(queue, 'status', mailStatuses);
  return {
    database,
    subscribers: {
      ...tally(people, 'status', subscriberStatuses),
      byLanguage: tally(people, 'language', languages),
    },
    // `waiting` includes confirmation letters asked for and not yet queued; `sentToday` counts since 00:00
    // UTC; `bounced`, the mailboxes ever unsubscribed because their mail server refused them for good.
    letters: {
      waiting: queued.waiting + (requested[0]?.n ?? 0),
      failed: queued.failed,
      sentToday: Number(sentByQueue[0]?.n ?? 0),
      bounced,
    },
    comments: tally(thread, 'status', moderationStatuses),
    ratings: { articles: rated[0]?.n ?? 0, tips: liked[0]?.n ?? 0 },
  };
}

export type SiteStats = Awaited<ReturnType<typeof siteStats>>;
