// `npm run admin -- stats`: the site's figures at a glance, read without changing anything.

import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { languages, moderationStatuses } from './contract.ts';
import { pgliteDirectory } from './db/pgliteDirectory.ts';
import {
  articleRatings,
  comments,
  lettersSent,
  mailQueue,
  mailStatuses,
  newsletterSends,
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
  const midnight = new Date(`${today}T00:00:00.000Z`);
  const [people, queue, requested, sentByQueue, sentIssues, thread, rated, liked, bounced] =
    await Promise.all([
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
      db
        .select({ n: count() })
        .from(newsletterSends)
        .where(and(eq(newsletterSends.status, 'sent'), gte(newsletterSends.updatedAt, midnight))),
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
      sentToday: Number(sentByQueue[0]?.n ?? 0) + (sentIssues[0]?.n ?? 0),
      bounced,
    },
    comments: tally(thread, 'status', moderationStatuses),
    ratings: { articles: rated[0]?.n ?? 0, tips: liked[0]?.n ?? 0 },
  };
}

/** The figures as a two-column table, one figure per line. */
export function formatStats(stats: Awaited<ReturnType<typeof siteStats>>): string {
  const { database: db, subscribers: s, letters: l, comments: c, ratings: r } = stats;
  const rows: [string, string | number][] = [
    ['Database', db.kind === 'pglite' ? `PGlite at ${db.path}` : `PostgreSQL ${db.database} on ${db.host}`],
    ['Subscribers confirmed', s.confirmed],
    ['Subscribers pending', s.pending],
    ['Subscribers English', s.byLanguage.en],
    ['Subscribers Bulgarian', s.byLanguage.bg],
    ['Letters waiting', l.waiting],
    ['Letters failed', l.failed],
    ['Letters sent today', `${l.sentToday} (since 00:00 UTC)`],
    ['Mailboxes bounced', l.bounced],
    ['Comments published', c.published],
    ['Comments held', c.held],
    ['Comments hidden', c.hidden],
    ['Article ratings', r.articles],
    ['Tip ratings', r.tips],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`).join('\n');
}
