// On Netlify the mail queue is drained by a Scheduled Function (functions/platforms/netlify-mail.ts),
// every minute. Bundled with esbuild as Netlify does, run in a child process against PostgreSQL and a
// real SMTP server (in the functions-postgres project only).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscribers } from '../../functions/db/schema.ts';
import { confirmToken } from '../../functions/mail/tokens.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp } from '../support/inProcessApp.ts';
import { bundleNetlifyEntry } from '../support/netlifyBundle.ts';
import { repoRoot, runScript } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const runner = `
const mod = await import(process.argv[2]);
const res = await mod.default();
console.log(JSON.stringify({ status: res.status, config: mod.config }));
process.exit(0);
`;

describeDb('Netlify scheduled mail function', () => {
  let dir: string;
  let smtp: TestSmtp;

  beforeAll(async () => {
    dir = tempDir('netlify-mail');
    smtp = await startSmtpServer();
    await bundleNetlifyEntry('netlify-mail', dir);
    fs.writeFileSync(path.join(dir, 'run.mjs'), runner);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('runs every minute and sends the queued confirmation letters', async () => {
    const env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: 'netlify-mail-secret-0123456789abcdefgh',
      SMTP_URL: smtp.url,
      SITE_URL: 'https://advice.example',
    };
    const email = uniqueEmail('netlify-mail');
    const t = await createTestApp(env);
    try {
      expect((await t.post('/api/subscribe', { email, language: 'bg' })).status).toBe(201);
    } finally {
      await t.database.close();
    }
    const run = await runScript(path.join(dir, 'run.mjs'), [path.join(dir, 'netlify-mail.mjs')], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      status: 204,
      config: { schedule: '* * * * *' },
    });
    const [letter] = await smtp.waitFor(1);
    expect(letter?.to).toEqual([email]);
    expect(letter?.mail.text).toContain('https://advice.example/bg/subscribe/confirm?token=');
  });

  it('sends the welcome letter of the course once a subscription is confirmed, and only once', async () => {
    const env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: 'netlify-course-secret-0123456789abcdef',
      SMTP_URL: smtp.url,
      SITE_URL: 'https://advice.example',
      CONTENT_DIR: path.join(repoRoot, 'content'),
    };
    const email = uniqueEmail('netlify-course');
    const t = await createTestApp(env);
    try {
      expect((await t.post('/api/subscribe', { email })).status).toBe(201);
      const [row] = await t.database.db.select().from(subscribers).where(eq(subscribers.email, email));
      if (!row) throw new Error('no subscriber row');
      // Its confirmation letter is the test above's business.
      await t.database.db.update(subscribers).set({ confirmWanted: false }).where(eq(subscribers.id, row.id));
      const token = confirmToken(env.HASH_SECRET, row.id, new Date());
      expect((await t.post('/api/subscribe/confirm', { token })).status).toBe(200);
    } finally {
      await t.database.close();
    }
    const before = smtp.received.length;
    for (const _ of [1, 2]) {
      const run = await runScript(path.join(dir, 'run.mjs'), [path.join(dir, 'netlify-mail.mjs')], env);
      expect(run.code, run.stderr).toBe(0);
    }
    const letters = smtp.received.slice(before);
    expect(letters.map((letter) => letter.to)).toEqual([[email]]);
    expect(letters[0]?.mail.messageId).toMatch(/^<course-0\./);
    expect(letters[0]?.mail.subject).toMatch(/^Welcome/);
  });
});
