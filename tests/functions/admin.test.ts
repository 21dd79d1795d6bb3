// `npm run admin`: a person's data by e-mail (export, delete) and comment moderation. The commands run
// in this process on the test's database (runAdmin); a few runs of the real command line prove the wiring.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminApp } from '../../functions/admin/adminApp.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { type Finished, runScript, startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPglite } from '../support/testDb.ts';

const adminProcess = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/admin.ts', args, env);

describeDb('admin command line', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(await freshDatabaseEnv());
  });
  afterAll(async () => {
    await app?.database.close();
  });

  /** `npm run admin -- <args>` on the test's database, with what it printed as the process would. */
  const admin = (args: string[]): Promise<Finished> => adminOn(app, args);

  /** Runs `body` against the API on the same database. */
  const withApp = <T>(body: (t: TestApp) => Promise<T>): Promise<T> => body(app);

  async function postComment(t: TestApp, body: object): Promise<number> {
    const res = await t.post('/api/articles/3/comments', { language: 'en', ...body });
    return ((await res.json()) as { comment: { id: number } }).comment.id;
  }

  it('refuses bad arguments with a usage line on stderr and exit code 2', async () => {
    const cases = [
      [],
      ['frobnicate'],
      ['export'],
      ['export', 'not-an-email'],
      ['delete', 'a@b.co', 'c@d.co'],
      ['approve'],
      ['hide', 'abc'],
      ['delete-comment', '0'],
      ['held', 'x'],
    ];
    const runs = await Promise.all(cases.map((args) => admin(args)));
    for (const [i, run] of runs.entries()) {
      expect(run.code, JSON.stringify(cases[i])).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command>');
      expect(run.stdout).toBe('');
    }
  });

  it('names an unknown option above the usage, and prints the usage for --help after any command', async () => {
    const unknown = await admin(['tips', '--json']);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toMatch(/^tips: Unknown option '--json'\.\n\nUsage: npm run admin -- <command>/);
    for (const args of [['--help'], ['-h'], ['tips', '--help'], ['export', '-h'], ['held', '--help']]) {
      const run = await admin(args);
      expect([run.code, run.stderr], args.join(' ')).toEqual([0, '']);
      expect(run.stdout).toContain('Usage: npm run admin -- <command>');
    }
  });

  it('prints help with exit code 0', async () => {
    const run = await admin(['help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('export <email>');
    expect(run.stdout).toContain('delete-comment <id>');
  });

  it('opens the configured database as the command line, and exits 1 when a comment is not there', async () => {
    const missing = await adminProcess(['approve', '999999'], await freshDatabaseEnv());
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'No comment with id 999999.']);
  });

  it('lists held comments with id, article, name and text', async () => {
    const [held, published] = await withApp(async (t) => [
      await postComment(t, { name: 'Linker', comment: 'visit spam.example.com' }),
      await postComment(t, { name: 'Plain', comment: 'No links in here' }),
    ]);
    const run = await admin(['held']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`#${held}  article 3`);
    expect(run.stdout).toContain('"visit spam.example.com"');
    expect(run.stdout).not.toContain(`#${published} `);
  });

  it('approves, hides and deletes comments, and says so', async () => {
    const ids = await withApp(async (t) => ({
      toApprove: await postComment(t, { name: 'A', comment: 'www.approve-me' }),
      toHide: await postComment(t, { name: 'B', comment: 'hide me' }),
      toDelete: await postComment(t, { name: 'C', comment: 'delete me' }),
    }));

    const approve = await admin(['approve', String(ids.toApprove)]);
    expect([approve.code, approve.stdout.trim()]).toEqual([0, `Comment ${ids.toApprove} is now published.`]);
    expect((await admin(['held'])).stdout).not.toContain(`#${ids.toApprove} `);

    const hide = await admin(['hide', String(ids.toHide)]);
    expect([hide.code, hide.stdout.trim()]).toEqual([0, `Comment ${ids.toHide} is now hidden.`]);

    const del = await admin(['delete-comment', String(ids.toDelete)]);
    expect([del.code, del.stdout.trim()]).toEqual([0, `Comment ${ids.toDelete} deleted.`]);
    const again = await admin(['delete-comment', String(ids.toDelete)]);
    expect([again.code, again.stderr.trim()]).toEqual([1, `No comment with id ${ids.toDelete}.`]);
    expect((await admin(['approve', '999999'])).code).toBe(1);

    // What the public now sees on article 3.
    const listed = await withApp(async (t) => {
      const list = (await (await t.get('/api/articles/3/comments')).json()) as { comments: { id: number }[] };
      return list.comments.map((c) => c.id);
    });
    expect(listed).toContain(ids.toApprove);
    expect(listed).not.toContain(ids.toHide);
    expect(listed).not.toContain(ids.toDelete);
  });

  it('exports everything held about an address, then deletes it all', async () => {
    const email = uniqueEmail('person');
    const mine = await withApp(async (t) => {
      await t.post('/api/subscribe', { email });
      await t.post('/api/articles/1/rating', { rating: 4, email });
      await postComment(t, { name: 'Other', comment: 'Not mine', email: uniqueEmail() });
      return postComment(t, { name: 'Person', comment: 'Mine', email });
    });

    const exported = await admin(['export', `  ${email.toUpperCase()} `]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      asked: email,
      mailbox: email,
      subscription: { email, subscribedAt: expect.any(String) },
      comments: [{ id: mine, articleId: 3, name: 'Person', comment: 'Mine', status: 'published' }],
      articleRatings: [{ articleId: 1, rating: 4 }],
    });

    const deleted = await admin(['delete', email]);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout.trim()).toBe(
      `Deleted for ${email}: 1 subscription(s) with 1 letter(s) (queued, or issues sent), 1 comment(s), 1 article rating(s).`,
    );

    const after = JSON.parse((await admin(['export', email])).stdout);
    expect(after).toEqual({
      asked: email,
      mailbox: email,
      subscription: null,
      comments: [],
      articleRatings: [],
    });
  });

  it('refuses to send an issue whose file is broken with a 422 naming the file and the problem', async () => {
    const issues = path.join(app.services.config.contentDir, 'newsletter');
    fs.mkdirSync(path.join(issues, 'en'), { recursive: true });
    fs.mkdirSync(path.join(issues, 'bg'), { recursive: true });
    fs.writeFileSync(path.join(issues, 'en', 'broken.md'), '---\nsubject: ""\npreview: Hello\n---\nText');
    fs.writeFileSync(
      path.join(issues, 'bg', 'broken.md'),
      '---\nsubject: Здравей\npreview: Здравей\n---\nТекст',
    );
    const api = createAdminApp({
      services: app.services,
      database: app.database,
      siteUrl: 'http://127.0.0.1:4321',
      secret: app.services.hashSecret,
    });
    const res = await api.request('/newsletter/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: 'broken', dryRun: true }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/en\/broken\.md: subject: /);
  });

  it.runIf(onPglite)(
    'refuses to open PGlite held by a process it cannot reach, and says what to do',
    async () => {
      // A data folder so deep that no Unix socket path (at most 107 bytes) fits in it: the server
      // serves, says that commands cannot reach it, and holds the folder.
      const env = { DATA_DIR: path.join(tempDir('deep'), 'd'.repeat(100)) };
      fs.cpSync((await freshDatabaseEnv()).DATA_DIR ?? '', env.DATA_DIR, { recursive: true });
      const server = await startServe({ ...env, CONTENT_DIR: makeContentDir(), DIST_DIR: makeDistDir() });
      try {
        expect(server.output()).toMatch(/Operator commands cannot reach this server \(.*\)/);
        const [run, tips] = await Promise.all([adminProcess(['held'], env), adminProcess(['tips'], env)]);
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/in use by another process/);
        expect(run.stderr).toMatch(/stop that process first/);
        expect(run.stderr).toMatch(/DATABASE_URL/);
        expect(tips.code).toBe(1);
        expect(tips.stderr).toMatch(/in use by another process/);
        expect(tips.stdout).toBe('');
      } finally {
        await server.stop();
      }
    },
  );
});
