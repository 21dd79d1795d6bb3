// Metrics for a monitor: `npm run serve` opens no metrics listener unless METRICS_PORT is set, then
// answers Prometheus's text format on loopback, its counters moving with real requests and letters
// (a bounce too), its gauges read from the database and BACKUP_DIR, and never an address or a token.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { freePort } from '../support/freePort.ts';
import { postJson, uniqueEmail } from '../support/http.ts';
import { type Served, startServe } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const secret = 'metrics-test-secret-0123456789abcdef-xyz';

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const has = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describeDb('metrics', () => {
  let smtp: TestSmtp;
  let served: Served;
  let metricsUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (to) => to.startsWith('nosuch-') });
    const env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: secret,
      SMTP_URL: smtp.url,
      DIST_DIR: makeDistDir(),
      BACKUP_DIR: path.join(tempDir('metrics-backups'), 'nightly'),
      METRICS_PORT: String(await freePort()),
    };
    served = await startServe(env);
    metricsUrl = /Metrics for Prometheus at (\S+)/.exec(served.output())?.[1] ?? '';
  });
  afterAll(async () => {
    await served?.stop();
    await smtp?.close();
  });

  const scrape = async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  it('is off unless METRICS_PORT is set', async () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    const plain = await startServe({ ...(await freshDatabaseEnv()), DIST_DIR: makeDistDir() });
    try {
      expect(plain.output()).toContain('Important Advice is serving');
      expect(plain.output()).not.toContain('Metrics');
    } finally {
      await plain.stop();
    }
  });

  it('says nothing of backups when BACKUP_DIR is unset', async () => {
    const env = {
      ...(await freshDatabaseEnv()),
      DIST_DIR: makeDistDir(),
      METRICS_PORT: String(await freePort()),
    };
    const plain = await startServe(env);
    try {
      const url = /Metrics for Prometheus at (\S+)/.exec(plain.output())?.[1] ?? '';
      const text = await (await fetch(url)).text();
      expect(text).toContain('advice_subscribers');
      expect(text).not.toContain('advice_backup_');
    } finally {
      await plain.stop();
    }
  });

  it('answers on loopback only', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const port = new URL(metricsUrl).port;
    const outward = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4');
    // Where the machine has another address, nothing answers there.
    if (outward) await expect(fetch(`http://${outward.address}:${port}/metrics`)).rejects.toThrow();
    expect((await fetch(new URL('/other', metricsUrl))).status).toBe(404);
  });

  it('counts real requests and letters, reads the gauges, and shows no address', async () => {
    const before = await scrape();
    const healthBefore =
      sample(before, 'advice_http_requests_total', { route: '/api/health', status: '200' }) ?? 0;
    expect((await fetch(`${served.url}/api/health`)).status).toBe(200);
    const email = uniqueEmail('counted');
    expect((await postJson(`${served.url}/api/subscribe`, { email })).status).toBe(201);
    const refused = uniqueEmail('nosuch');
    expect((await postJson(`${served.url}/api/subscribe`, { email: refused })).status).toBe(201);
    await smtp.waitFor(1);
    await expect
      .poll(async () =>
        sample(await scrape(), 'advice_letters_failed_total', { kind: 'confirm', outcome: 'bounced' }),
      )
      .toBe(1);
    const after = await scrape();
    expect(
      sample(after, 'advice_http_requests_total', { route: '/api/health', method: 'GET', status: '200' }),
    ).toBe(healthBefore + 1);
    expect(
      sample(after, 'advice_http_requests_total', { route: '/api/subscribe', method: 'POST', status: '201' }),
    ).toBe(2);
    expect(sample(after, 'advice_letters_sent_total', { kind: 'confirm' })).toBe(1);
    expect(sample(after, 'advice_subscribers', { status: 'pending' })).toBe(1);
    expect(sample(after, 'advice_comments', { status: 'held' })).toBe(0);
    expect(sample(after, 'advice_mail_queue_oldest_due_seconds')).toBe(0);
    expect(sample(after, 'advice_health_problem', { code: 'mail' })).toBe(0);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    for (const secretWord of [email, email.split('@')[0], refused.split('@')[0], secret]) {
      expect(after).not.toContain(secretWord);
    }
  });

  it('shows the newest backup: its age, size, and that its check passed', async () => {
    await expect.poll(async () => sample(await scrape(), 'advice_backup_check_ok')).toBe(1);
    const text = await scrape();
    expect(sample(text, 'advice_backup_size_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'advice_backup_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'advice_health_problem', { code: 'backup' })).toBe(0);
  });
});
