// Health that tells the truth, and the operator told first: with the mail server refusing every login,
// /api/health turns 503 `mail` and back to 200 once mail flows, ADMIN_EMAIL getting one letter each way;
// a failed, an unreadable and a stale nightly backup each give `backup`, too little disk `disk`; the
// public answer carries the codes only, `admin stats` the details.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { checkBackup } from '../../functions/db/backupCheck.ts';
import { readBackup, signBackup } from '../../functions/db/backupSignature.ts';
import { nightlyBackup } from '../../functions/db/nightlyBackups.ts';
import { watchHealth } from '../../functions/health/alerts.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import type { MailTransport } from '../../functions/mail/transport.ts';
import { createServices } from '../../functions/services.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import type { TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import type { TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb } from '../support/testDb.ts';

const secret = 'health-test-secret-0123456789abcdef-xyz';
const site = 'https://advice.example';
const operator = 'operator@example.com';
const minuteMs = 60_000;

describeDb('health', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let transport: MailTransport;
  let env: Record<string, string>;
  let loginsRefused = true;
  const logged: string[] = [];

  beforeAll(async () => {
    ({ smtp, t, transport, env } = await startMailingApp(
      {
        HASH_SECRET: secret,
        SITE_URL: site,
        ADMIN_EMAIL: operator,
        // Short in the test: a letter that failed once is already a problem.
        HEALTH_MAIL_MINUTES: '0',
      },
      { refuseLogin: () => loginsRefused },
    ));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  const health = async (app = t) => {
    const answer = await app.get('/api/health');
    return [answer.status, await answer.json()];
  };
  /** One drain as `npm run serve` makes it: the health watch first, then the letters. */
  const drain = (now: Date, app = t) =>
    drainQueue(app.database.db, {
      transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      now,
      watch: (at) =>
        watchHealth(
          {
            config: app.services.config,
            database: app.services.db,
            transport,
            siteUrl: site,
            log: (line) => logged.push(line),
          },
          at,
        ),
    });
  const toOperator = () => smtp.received.filter((letter) => letter.to.includes(operator));

  it('turns 503 with mail while the mail server refuses logins, and back once mail flows', async () => {
    expect(await health()).toEqual([200, { status: 'ok' }]);
    const email = uniqueEmail('waiting');
    expect((await t.post('/api/subscribe', { email }, '198.51.100.7')).status).toBe(201);
    const start = new Date();
    expect((await drain(start)).retrying).toBe(1);
    expect(await health()).toEqual([503, { status: 'degraded', problems: ['mail'] }]);

    // The next drain sees the problem begin: the log says so plainly, as no letter can leave.
    await drain(new Date(start.getTime() + 1000));
    expect(logged.join('\n')).toMatch(/Mail is failing: 1 letter\(s\) failing to send/);
    expect(logged.join('\n')).not.toContain(email);
    const stats = await adminOn(t, ['stats']);
    expect(stats.stdout).toMatch(/Problem: mail\s+1 letter\(s\) failing to send/);

    loginsRefused = false;
    // Mail flows: the operator's letter about the trouble goes first, then the waiting letter.
    await drain(new Date(start.getTime() + 2 * minuteMs));
    expect(smtp.received.some((letter) => letter.to.includes(email))).toBe(true);
    expect(await health()).toEqual([200, { status: 'ok' }]);
    // The next drain sees it end and says so, once.
    await drain(new Date(start.getTime() + 3 * minuteMs));
    await drain(new Date(start.getTime() + 4 * minuteMs));
    expect(toOperator().map((letter) => letter.mail.subject)).toEqual([
      'advice.example: trouble with sending letters',
      'advice.example: the trouble with sending letters is over',
    ]);
    expect(toOperator()[0]?.mail.text).toContain('1 letter(s) failing to send');
    expect(logged).toContain('Mail works again.');
  });

  it('tells of a problem that comes back within the day only in the log', async () => {
    const before = toOperator().length;
    loginsRefused = true;
    expect((await t.post('/api/subscribe', { email: uniqueEmail('again') }, '198.51.100.8')).status).toBe(
      201,
    );
    const start = new Date();
    await drain(start);
    await drain(new Date(start.getTime() + 1000));
    loginsRefused = false;
    await drain(new Date(start.getTime() + 2 * minuteMs));
    await drain(new Date(start.getTime() + 3 * minuteMs));
    expect(await health()).toEqual([200, { status: 'ok' }]);
    expect(toOperator()).toHaveLength(before);
  });

  /** The same database served with other settings (`extra` over the test's own). */
  const withSettings = (extra: Record<string, string>): TestApp => {
    const config = loadConfig({ ...env, CONTENT_DIR: t.services.config.contentDir, ...extra });
    const services = createServices(config, t.services.content, async () => t.database);
    const app = createApp(services);
    return { ...t, app, services, get: (url) => app.request(url, {}, { clientAddress: '192.0.2.1' }) };
  };

  it('says disk when DATA_DIR has less room than HEALTH_DISK_FREE_MB, with the detail for the operator', async () => {
    const cramped = withSettings({ HEALTH_DISK_FREE_MB: String(2 ** 40) });
    expect(await health(cramped)).toEqual([503, { status: 'degraded', problems: ['disk'] }]);
    const stats = await adminOn(cramped, ['stats', '--json']);
    const { health: problems } = JSON.parse(stats.stdout);
    expect(problems).toEqual([{ code: 'disk', detail: expect.stringMatching(/^DATA_DIR has \d+ MB free/) }]);
  });

  describe('with nightly backups', () => {
    let backupDir: string;
    let nightly: TestApp;
    const letterCount = () => toOperator().length;

    beforeAll(() => {
      backupDir = path.join(tempDir('health-backups'), 'nightly');
      nightly = withSettings({ BACKUP_DIR: backupDir });
    });
    const backUp = (config = nightly.services.config) => nightlyBackup(t.database, config, secret);
    const newest = () => {
      const names = fs.readdirSync(backupDir).filter((name) => /^backup-.*\.sql$/.test(name));
      return path.join(backupDir, names.sort().at(-1) ?? '');
    };
    const stats = async () => (await adminOn(nightly, ['stats'])).stdout;

    it('says backup while there is none, and ok once one was written and restored with every row', async () => {
      expect(await health(nightly)).toEqual([503, { status: 'degraded', problems: ['backup'] }]);
      // Rows whose text looks like the dump's own lines count for nothing: only statements count.
      const lookalike = "Quoted: it's\nINSERT INTO public.comments VALUES (1, 'x');\n-- and $$ too";
      for (const comment of ['A plain comment', lookalike]) {
        const sent = await t.post('/api/articles/1/comments', { name: 'Dumped', comment, language: 'en' });
        expect(sent.status).toBe(201);
      }
      await backUp();
      expect(await health(nightly)).toEqual([200, { status: 'ok' }]);
      expect(await stats()).toMatch(/Newest checked backup\s+backup-\d{8}T\d{6}Z\.sql: \d+ rows restored/);
      expect(await stats()).toMatch(/Health\s+ok/);
    });

    it('says backup when the newest backup was damaged after its check, and the check finds it', async () => {
      const file = newest();
      const good = fs.readFileSync(file, 'utf8');
      // Cut off mid-way, as a full disk or a bad copy leaves it.
      fs.writeFileSync(file, good.slice(0, Math.floor(good.length / 2)));
      expect(await health(nightly)).toEqual([503, { status: 'degraded', problems: ['backup'] }]);
      expect(await stats()).toMatch(/Problem: backup\s+backup-\S+\.sql changed since it was checked/);
      await expect(checkBackup(file, secret)).rejects.toThrow();
      fs.writeFileSync(file, good);
      expect(await health(nightly)).toEqual([200, { status: 'ok' }]);
    });

    it('finds a table whose rows did not all come back', async () => {
      const file = newest();
      const good = fs.readFileSync(file, 'utf8');
      const { dump } = readBackup(good, secret);
      // The file holds the rows, but a rule made before them swallows every insert into comments.
      const swallowed = dump.replace(
        /^INSERT INTO public\.comments /m,
        'CREATE RULE swallow AS ON INSERT TO public.comments DO INSTEAD NOTHING;\n$&',
      );
      expect(swallowed).not.toBe(dump);
      fs.writeFileSync(file, signBackup(secret, swallowed));
      await expect(checkBackup(file, secret)).rejects.toThrow(/^table comments: 0 of 2 rows restored$/);
      fs.writeFileSync(file, good);
    });

    it('says backup when the newest is older than HEALTH_BACKUP_HOURS', async () => {
      const file = newest();
      const { mtime } = fs.statSync(file);
      const old = new Date(Date.now() - 27 * 3_600_000);
      fs.utimesSync(file, old, old);
      expect(await health(nightly)).toEqual([503, { status: 'degraded', problems: ['backup'] }]);
      expect(await stats()).toMatch(
        /Problem: backup\s+the newest backup is 27 hour\(s\) old \(HEALTH_BACKUP_HOURS 26\)/,
      );
      fs.utimesSync(file, mtime, mtime);
      expect(await health(nightly)).toEqual([200, { status: 'ok' }]);
    });

    it('says backup when the nightly backup fails, and tells the operator when it starts and ends', async () => {
      const before = letterCount();
      // A BACKUP_DIR that cannot be made: its parent is a file.
      const blocked = path.join(backupDir, 'not-a-folder');
      fs.writeFileSync(blocked, '');
      const broken = loadConfig({ ...env, BACKUP_DIR: path.join(blocked, 'nightly') });
      await backUp(broken);
      expect(await health(nightly)).toEqual([503, { status: 'degraded', problems: ['backup'] }]);
      expect(await stats()).toMatch(/Problem: backup\s+the nightly backup of \S+ failed: .*ENOTDIR/);
      expect(await stats()).toMatch(/Newest checked backup\s+failed/);
      const start = new Date();
      await drain(start, nightly);
      await backUp();
      await drain(new Date(start.getTime() + minuteMs), nightly);
      await drain(new Date(start.getTime() + 2 * minuteMs), nightly);
      expect(
        toOperator()
          .slice(before)
          .map((letter) => letter.mail.subject),
      ).toEqual([
        'advice.example: trouble with the nightly backups',
        'advice.example: the trouble with the nightly backups is over',
      ]);
      expect(await health(nightly)).toEqual([200, { status: 'ok' }]);
    });
  });
});
