// `npm run admin -- stats`: the site's figures (stats.ts), its backups and health as text.
import type { InferResponseType } from 'hono/client';
import type { AdminClient } from '../admin/adminClient.ts';
import type { SiteStats } from '../stats.ts';

/** Which database a command worked on, as the operator names it. */
export const describeDatabase = (db: SiteStats['database']) =>
  db.kind === 'pglite' ? `PGlite at ${db.path}` : `PostgreSQL ${db.database} on ${db.host}`;

/** How long ago `at` was, in the largest whole unit. */
function age(at: string, now = Date.now()) {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 120) return `${minutes} minute(s) ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hour(s) ago` : `${Math.round(hours / 24)} day(s) ago`;
}

/** The figures as a two-column table, one figure per line. */
export function formatStats(stats: InferResponseType<AdminClient['stats']['$get']>): string {
  const { database: db, subscribers: s, letters: l, comments: c, ratings: r, backups, backupCheck } = stats;
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
  if (backups !== undefined) {
    rows.push(['Newest backup', backups ? `${backups.file} (${age(backups.at)})` : 'none in BACKUP_DIR']);
    const check = backupCheck
      ? backupCheck.ok
        ? `${backupCheck.file}: ${backupCheck.rows} rows restored in a scratch database (${age(backupCheck.at)})`
        : `failed ${age(backupCheck.at)}: ${backupCheck.problem}`
      : 'none yet';
    rows.push(['Newest checked backup', check]);
  }
  if (stats.health.length === 0) rows.push(['Health', 'ok']);
  for (const { code, detail } of stats.health) rows.push([`Problem: ${code}`, detail]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`).join('\n');
}
