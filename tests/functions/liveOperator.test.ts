// Operator commands while the site serves: `newsletter send`, `admin export`, moderation and a backup run
// as child processes from a bare shell (no SITE_URL, secret or mail settings) against a running `npm run
// serve`, through its admin socket in DATA_DIR, while a steady stream of requests reaches the server, and
// not one of those requests fails; the letters carry the site's SITE_URL. Run again after the server
// stopped (the command runs the admin API itself), the same commands print the same and exit the same,
// and without the site's secret `export` refuses rather than make one up.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminSocketPath } from '../../functions/admin/adminSocket.ts';
import { subscribers } from '../../functions/db/schema.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { postJson, uniqueEmail } from '../support/http.ts';
import { type Finished, runScript, type Served, startServe } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, openDatabaseFor } from '../support/testDb.ts';

const slug = 'three-questions-for-a-worry';
const admin = (args: string[], env: Record<string, string>) => runScript('functions/cli/admin.ts', args, env);
const newsletter = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/newsletter.ts', args, env);

/**
 * One request on a connection of its own: a reused keep-alive connection can meet the server closing
 * it as idle on a busy machine, a failure of the client's pool, not of the server.
 */
function request(url: string, body?: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body && JSON.stringify(body);
    const sent = http.request(
      url,
      {
        agent: false,
        method: payload ? 'POST' : 'GET',
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/**
 * Requests from a few clients until stopped, each a short pause after the last answer; every answer that
 * is not 2xx is kept. Paced, not back to back: each command runs for a second or more, so a few dozen
 * requests a second see any gap, while a flood would only slow the commands it watches.
 */
function steadyStream(url: string, clients = 3, pauseMs = 50) {
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      try {
        const status =
          i % 3 === 0
            ? await request(`${url}/api/articles/1/comments`)
            : i % 3 === 1
              ? await request(`${url}/api/subscribe`, {
                  email: uniqueEmail(`stream-${client}`),
                  language: 'en',
                })
              : await request(`${url}/api/articles/1/comments`, {
                  name: `Reader ${client}`,
                  comment: `Steady comment ${i}`,
                  language: 'en',
                });
        if (status >= 200 && status < 300) answered++;
        else failures.push(`${status} after ${Math.round(performance.now() - started)} ms`);
      } catch (error) {
        failures.push(`${(error as Error).message} after ${Math.round(performance.now() - started)} ms`);
      }
      await setTimeout(pauseMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { answered, failures };
    },
  };
}

describeDb('operator commands while the site serves', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let server: Served;
  const people = { en: [uniqueEmail('live-en'), uniqueEmail('live-en')], bg: [uniqueEmail('live-bg')] };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = {
      ...(await freshDatabaseEnv()),
      DIST_DIR: makeDistDir(),
      HASH_SECRET: 'live-operator-secret-0123456789abcdef',
      SMTP_URL: smtp.url,
      SITE_URL: 'https://advice.example',
      SUBSCRIBE_LIMIT_PER_HOUR: '0',
      COMMENT_LIMIT_PER_HOUR: '0',
      NEWSLETTER_PER_SECOND: '20',
      BACKUP_DIR: path.join(tempDir('nightly'), 'backups'),
    };
    const database = await openDatabaseFor(env);
    try {
      await database.db
        .insert(subscribers)
        .values([
          ...people.en.map((email) => ({ email, language: 'en' as const, status: 'confirmed' as const })),
          ...people.bg.map((email) => ({ email, language: 'bg' as const, status: 'confirmed' as const })),
        ]);
    } finally {
      await database.close();
    }
    server = await startServe(env);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends an issue, exports a person, moderates a comment and backs up with no failed request, then does the same with the server stopped', async () => {
    // Only the folder's owner may reach the site through the socket.
    const socket = adminSocketPath(env.DATA_DIR ?? '');
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    // What a shell that knows only where the data is has: the rest is the running site's.
    const bare = {
      DATA_DIR: env.DATA_DIR ?? '',
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    };
    const backupFile = path.join(env.DATA_DIR ?? '', 'live.sql');
    // The nightly backup: written at start when there is none from the last day.
    const nightly = env.BACKUP_DIR ?? '';
    const nightlyDone = () =>
      fs.existsSync(nightly) && fs.readdirSync(nightly).some((f) => f.endsWith('Z.sql'));
    while (!nightlyDone()) {
      if (server.child.exitCode !== null) throw new Error(`no nightly backup:\n${server.output()}`);
      await setTimeout(100);
    }
    const [written] = fs.readdirSync(nightly);
    expect(written).toMatch(/^backup-\d{8}T\d{6}Z\.sql$/);
    expect(fs.statSync(path.join(nightly, written ?? '')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(nightly).mode & 0o777).toBe(0o700);
    const held = await postJson(`${server.url}/api/articles/1/comments`, {
      name: 'Linker',
      comment: 'See https://example.com for more',
      language: 'en',
    });
    expect([held.status, (held.body as { status: string }).status]).toEqual([201, 'held']);
    const heldId = (held.body as { comment: { id: number } }).comment.id;

    const stream = steadyStream(server.url);
    let send: Finished;
    let exported: Finished;
    let listed: Finished;
    let approved: Finished;
    let missing: Finished;
    let deleted: Finished;
    let backup: Finished;
    let unknown: Finished;
    let stats: Finished;
    let restoreLive: Finished;
    try {
      [send, listed, backup, unknown, stats] = await Promise.all([
        newsletter(['send', slug], bare),
        admin(['held'], bare),
        admin(['backup', backupFile], bare),
        newsletter(['send', 'no-such-issue'], bare),
        admin(['stats'], bare),
      ]);
      // A restore under a serving site would change its database under its feet: refused.
      [exported, restoreLive] = await Promise.all([
        admin(['export', people.en[0] ?? ''], bare),
        admin(['restore', backupFile, '--replace'], bare),
      ]);
      approved = await admin(['approve', String(heldId)], bare);
      missing = await admin(['approve', '999999'], bare);
      deleted = await admin(['delete', people.bg[0] ?? ''], bare);
    } finally {
      const { answered, failures } = await stream.stop();
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(20);
    }

    expect([send.code, send.stderr]).toEqual([0, '']);
    expect(send.stdout).toContain('Sent 3 of 3 letter(s) (en 2, bg 1).');
    expect(
      smtp.received.filter((letter) =>
        letter.to.some((to) => people.en.includes(to) || people.bg.includes(to)),
      ),
    ).toHaveLength(3);
    // The site's SITE_URL, not the command's default address, in every link.
    const letter = smtp.received.find((received) => received.to.includes(people.en[0] ?? ''));
    expect(letter?.mail.text).toContain('https://advice.example/');
    expect(letter?.mail.text).not.toContain('127.0.0.1');
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const dump = fs.readFileSync(backupFile, 'utf8');
    expect(dump).toContain('-- PostgreSQL database dump complete');
    expect(dump).toContain('See https://example.com for more');
    expect([restoreLive.code, restoreLive.stdout]).toEqual([1, '']);
    expect(restoreLive.stderr).toContain('A server is running on this database: stop it');
    expect([stats.code, stats.stderr]).toEqual([0, '']);
    expect(stats.stdout).toMatch(
      new RegExp(`Newest backup\\s+${path.join(nightly, written ?? '')} \\(\\d+ minute\\(s\\) ago\\)`),
    );
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toContain(`Unknown issue: no-such-issue. Issues: ${slug}`);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect(JSON.parse(exported.stdout).subscription.status).toBe('confirmed');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`#${heldId}  article 1`);
    expect([approved.code, approved.stderr]).toEqual([0, '']);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect([deleted.code, deleted.stderr]).toEqual([0, '']);
    expect(deleted.stdout).toContain('1 subscription(s) with 1 letter(s) (queued, or issues sent)');
    const published = await fetch(`${server.url}/api/articles/1/comments`).then((r) => r.text());
    expect(published).toContain('See https://example.com for more');

    // The same commands with no server: the same output and exit codes.
    await server.stop();
    expect(fs.existsSync(socket)).toBe(false);
    const resend = await newsletter(['send', slug], env);
    expect([resend.code, resend.stderr]).toEqual([0, '']);
    expect(resend.stdout).toContain('2 subscriber(s) had this issue already and were skipped.');
    expect(await admin(['export', people.en[0] ?? ''], env)).toEqual(exported);
    expect(await admin(['approve', '999999'], env)).toEqual(missing);
    // Without the site's secret (it was HASH_SECRET, so the database holds none) nothing is made up.
    const blind = await admin(['delete', people.en[1] ?? ''], bare);
    expect([blind.code, blind.stdout]).toEqual([1, '']);
    expect(blind.stderr).toContain('HASH_SECRET');
    expect(JSON.parse((await admin(['export', people.en[1] ?? ''], env)).stdout).subscription).not.toBeNull();
    // Real mailboxes (SMTP_URL) get letters only with the secret and the public address.
    const unsigned = await newsletter(['send', slug], { ...bare, SMTP_URL: env.SMTP_URL ?? '' });
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toContain(
      'HASH_SECRET and SITE_URL must be set for letters sent through SMTP_URL',
    );
  });
});
