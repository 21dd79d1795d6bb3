// `npm run admin -- stats`: the site's figures (stats.ts) as text.
import type { SiteStats } from '../stats.ts';

/** Which database a command worked on, as the operator names it. */
export const describeDatabase = (db: SiteStats['database']) =>
  db.kind === 'pglite' ? `PGlite at ${db.path}` : `PostgreSQL ${db.database} on ${db.host}`;

/** The figures as a two-column table, one figure per line. */
export function formatStats(stats: SiteStats): string {
  const { database: db, subscribers: s, letters: l, comments: c, ratings: r } = stats;
  const rows: [string, string | number][] = [
    ['Database', describeDatabase(db)],
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
