// The Prometheus listener of `npm run serve`: off unless METRICS_PORT is set, on METRICS_HOST (loopback
// unless told), apart from the site so the public never reaches it. `GET /metrics` answers the text
// format: the process's counters (counters.ts), Node's own figures, and gauges read from the database
// and BACKUP_DIR at each scrape. No figure carries an address, a token or a visitor's words.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, min, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge } from 'prom-client';
import type { Config } from '../config.ts';
import { backupStatus } from '../db/backupCheck.ts';
import { newestBackup } from '../db/nightlyBackups.ts';
import { mailQueue } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { healthProblems, problemCodes } from '../health/problems.ts';
import { safeError } from '../safeError.ts';
import { databaseInUse, siteStats } from '../stats.ts';
import { registry } from './counters.ts';

const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [registry] });

/** The backup gauges' names, made and (without BACKUP_DIR) removed by them. */
const backupGauges = {
  age: 'advice_backup_age_seconds',
  size: 'advice_backup_size_bytes',
  checked: 'advice_backup_check_ok',
};

const figures = {
  queueDepth: gauge('advice_mail_queue_letters', 'Letters in the mail queue, by kind and status', [
    'kind',
    'status',
  ]),
  oldestDue: gauge(
    'advice_mail_queue_oldest_due_seconds',
    'Age of the oldest letter due and not sent (0: none)',
  ),
  subscribers: gauge('advice_subscribers', 'Subscribers, by status', ['status']),
  comments: gauge('advice_comments', 'Comments, by status', ['status']),
  backupAge: gauge(backupGauges.age, 'Age of the newest backup in BACKUP_DIR (+Inf: none yet)'),
  backupSize: gauge(backupGauges.size, 'Size of the newest backup in BACKUP_DIR'),
  backupChecked: gauge(
    backupGauges.checked,
    'Whether the last nightly backup restored with every row (1) or not (0)',
  ),
  problems: gauge('advice_health_problem', 'Whether /api/health reports the problem now (1) or not (0)', [
    'code',
  ]),
};

/** Reads the gauges' figures now. */
async function refresh(config: Config, database: Database, now = new Date()) {
  const { db } = database;
  const problems = await healthProblems(config, async () => database, now);
  for (const code of problemCodes)
    figures.problems.set({ code }, problems.some((p) => p.code === code) ? 1 : 0);
  const stats = await siteStats(db, databaseInUse(config), now);
  for (const [status, n] of Object.entries(stats.subscribers))
    if (typeof n === 'number') figures.subscribers.set({ status }, n);
  for (const [status, n] of Object.entries(stats.comments)) figures.comments.set({ status }, n);
  const queue = await db
    .select({ kind: mailQueue.kind, status: mailQueue.status, n: count() })
    .from(mailQueue)
    .groupBy(mailQueue.kind, mailQueue.status);
  figures.queueDepth.reset();
  for (const { kind, status, n } of queue) figures.queueDepth.set({ kind, status }, n);
  const [due] = await db
    .select({ oldest: min(mailQueue.createdAt) })
    .from(mailQueue)
    .where(sql`${mailQueue.status} = 'waiting' and ${mailQueue.nextAttemptAt} <= ${now}`);
  figures.oldestDue.set(due?.oldest ? (now.getTime() - new Date(due.oldest).getTime()) / 1000 : 0);
  const newest = await newestBackup(config.backup.dir);
  // No backup yet is the oldest there is: an alert on its age fires rather than reading 0 as fresh.
  figures.backupAge.set(newest ? (now.getTime() - Date.parse(newest.at)) / 1000 : Number.POSITIVE_INFINITY);
  if (newest) figures.backupSize.set((await fs.stat(newest.file)).size);
  const checked = config.backup.dir ? await backupStatus(db) : undefined;
  if (checked) figures.backupChecked.set(checked.ok ? 1 : 0);
}

/** Starts the listener when METRICS_PORT is set; resolves with its address, or undefined when off. */
export async function startMetricsServer(config: Config, database: () => Promise<Database>) {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  collectDefaultMetrics({ register: registry });
  // Without BACKUP_DIR there are no backups to speak of; a gauge never set would read 0, "fresh".
  if (!config.backup.dir) {
    for (const name of Object.values(backupGauges)) registry.removeSingleMetric(name);
  }
  const server = http.createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
    }
    try {
      await refresh(config, await database());
    } catch (error) {
      // The process's own figures still answer; the health gauge says the database is the trouble.
      console.error(`Metrics: reading the database failed: ${safeError(error)}`);
    }
    response.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const info = server.address() as AddressInfo;
  const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  return {
    url: `http://${shown}:${info.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
