// The command lines' own behaviour, which needs no database: usage and exit codes, help, the newsletter
// preview, .env, and what a command says where there is no database. Run once, in the database-free
// project; the commands' work on each database is tested in admin.test.ts, tipRanking.test.ts,
// newsletterSend.test.ts, liveOperator.test.ts and backupRestore.test.ts.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeDistDir } from '../support/fixtures.ts';
import { childEnv, type Finished, finished, repoRoot, runScript, startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { freshDatabaseEnv } from '../support/testDb.ts';

const slug = 'three-questions-for-a-worry';
const bulgarianSubject = 'Три въпроса към тревога на трета обиколка';
const newsletter = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/newsletter.ts', args, env);
const adminProcess = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/admin.ts', args, env);

describe('npm run admin', () => {
  it('is a command line: exit code 2 and the usage on stderr for bad arguments, 0 for help', async () => {
    const [bad, help] = await Promise.all([
      adminProcess(['export', 'not-an-email'], {}),
      adminProcess(['help'], {}),
    ]);
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toContain('export needs an email address.');
    expect(bad.stderr).toContain('Usage: npm run admin -- <command>');
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toContain('delete-comment <id>');
    expect(help.stdout).not.toContain('e-mail');
  });

  it('answers --help, help and an unknown flag of every command with its usage, and changes nothing', async () => {
    const dataDir = path.join(tempDir('help'), 'data');
    const env = { DATA_DIR: dataDir };
    const purge = (args: string[]) => runScript('functions/cli/purge.ts', args, env);
    const [helps, unknowns] = await Promise.all([
      Promise.all([
        adminProcess(['backup', '--help'], env),
        adminProcess(['restore', 'x.sql', '--help'], env),
        adminProcess(['stats', '-h'], env),
        purge(['--help']),
        purge(['help']),
        newsletter(['--help'], env),
      ]),
      Promise.all([
        adminProcess(['backup', 'x.sql', '--force'], env),
        adminProcess(['restore', 'x.sql', '--replace', '--all'], env),
        purge(['--dry-run']),
        purge(['now']),
      ]),
    ]);
    for (const help of helps) {
      expect([help.code, help.stderr]).toEqual([0, '']);
      expect(help.stdout).toMatch(/^Usage: npm run (admin|purge|newsletter)/);
      expect(help.stdout).not.toContain('e-mail');
    }
    expect(helps[0]?.stdout).toContain('restore <file> [--replace]');
    for (const run of unknowns) {
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain('Usage: npm run');
    }
    expect(unknowns[2]?.stderr).toContain("purge: Unknown option '--dry-run'.");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('reads .env in the folder it runs in, and where there is no database says where it looked and creates none', async () => {
    // As `npm run admin` runs it: startup.ts from package.json, in the project folder (here a stand-in).
    const scripts = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
    for (const name of ['serve', 'admin', 'newsletter', 'purge']) {
      expect(scripts[name]).toContain('node --import ./functions/startup.ts');
    }
    const project = tempDir('project');
    const stats = (): Promise<Finished> =>
      finished(
        spawn(
          process.execPath,
          [
            '--import',
            path.join(repoRoot, 'functions/startup.ts'),
            path.join(repoRoot, 'functions/cli/admin.ts'),
            'stats',
          ],
          { cwd: project, env: childEnv({ ENV_FILE: '.env' }), stdio: 'pipe' },
        ),
      );
    const none = await stats();
    expect([none.code, none.stdout]).toEqual([1, '']);
    expect(none.stderr).toContain(`no PGlite database in ${path.join(project, 'data', 'pglite')}`);
    expect(none.stderr).toContain('.env');
    expect(fs.existsSync(path.join(project, 'data'))).toBe(false);

    const { DATA_DIR } = await freshDatabaseEnv();
    fs.writeFileSync(path.join(project, '.env'), `# the site's data\nDATA_DIR=${DATA_DIR}\n`, {
      mode: 0o600,
    });
    const found = await stats();
    expect([found.code, found.stderr]).toEqual([0, '']);
    expect(found.stdout).toContain(`PGlite at ${path.join(DATA_DIR ?? '', 'pglite')}`);
    // BACKUP_DIR unset: no word about backups (a line saying "none" would suggest some were expected).
    expect(found.stdout).not.toMatch(/backup/i);
  });
});

describe('machine-readable output', () => {
  it("writes a data request as valid JSON with the README's own command, npm's banner kept out", async () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const command = /`(npm run [^`]*export person@example\.com > request\.json)`/.exec(readme)?.[1] ?? '';
    expect(command).not.toBe('');
    const file = path.join(tempDir('request'), 'request.json');
    const env = { ...(await freshDatabaseEnv()), HASH_SECRET: 'readme-export-secret-0123456789abcdef' };
    // As the operator types it, in the project folder, with the file somewhere of the test's own.
    await promisify(execFile)('sh', ['-c', command.replace('request.json', JSON.stringify(file))], {
      cwd: repoRoot,
      env: childEnv(env),
    });
    const request = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(request).toMatchObject({ subscription: null });
  });
});

describe('a command asking a running site', () => {
  it('loads at most a fifth of the 528 modules it loaded when it carried the server', async () => {
    const env: Record<string, string> = { ...(await freshDatabaseEnv()), DIST_DIR: makeDistDir() };
    const server = await startServe(env);
    try {
      // Every module the process loads, builtins included, counted by a loader hook loaded first.
      const counted = path.join(tempDir('modules'), 'count.txt');
      const args = ['--import', './tests/support/countModules.ts', '--import', './functions/startup.ts'];
      const run = await finished(
        spawn(process.execPath, [...args, 'functions/cli/admin.ts', 'stats'], {
          cwd: repoRoot,
          env: childEnv({ DATA_DIR: env.DATA_DIR ?? '', MODULE_COUNT_FILE: counted }),
        }),
      );
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toContain('Subscribers confirmed');
      const [count = '', ...modules] = fs.readFileSync(counted, 'utf8').trim().split('\n');
      // The count is of the modules listed: the hook saw the command's own and Hono's client.
      expect(modules).toHaveLength(Number(count));
      expect(modules).toContainEqual(expect.stringContaining('functions/cli/admin.ts'));
      expect(modules).toContainEqual(expect.stringContaining('node_modules/hono/'));
      expect(Number(count)).toBeLessThanOrEqual(Math.floor(528 / 5));
    } finally {
      await server.stop();
    }
  });
});

describe('npm run newsletter', () => {
  it('links a preview to the site serving on DATA_DIR, on the port it serves at, as `send` does', async () => {
    const env: Record<string, string> = { ...(await freshDatabaseEnv()), DIST_DIR: makeDistDir() };
    // No SITE_URL and a port of the system's choosing: the preview can only learn it from the server.
    const server = await startServe(env);
    try {
      const run = await newsletter(['preview', slug], { DATA_DIR: env.DATA_DIR ?? '' });
      expect([run.code, run.stderr]).toEqual([0, '']);
      const text = fs.readFileSync(
        path.join(env.DATA_DIR ?? '', 'newsletter-preview', slug, 'en.txt'),
        'utf8',
      );
      expect(text).toContain(`${server.url}/unsubscribe#token=`);
      expect(text).not.toContain(':4321');
    } finally {
      await server.stop();
    }
  });

  it('refuses bad arguments with the usage and exit code 2', async () => {
    const env = { DATA_DIR: tempDir('newsletter-args') };
    const cases = [
      [],
      ['frobnicate'],
      ['send'],
      ['preview'],
      ['send', 'a', 'b'],
      ['send', slug, '--force'],
      ['preview', slug, '--dry-run'],
      ['help', 'me'],
    ];
    const runs = await Promise.all(cases.map((args) => newsletter(args, env)));
    for (const [i, run] of runs.entries()) {
      expect(run.code, JSON.stringify(cases[i])).toBe(2);
      expect(run.stderr).toContain('Usage: npm run newsletter -- <command>');
      expect(run.stdout).toBe('');
    }
    expect(runs[cases.findIndex((args) => args.includes('--force'))]?.stderr).toContain(
      "send: Unknown option '--force'.",
    );
    const helps = await Promise.all(
      [['help'], ['--help'], ['send', slug, '--help']].map((args) => newsletter(args, env)),
    );
    for (const help of helps) {
      expect([help.code, help.stderr]).toEqual([0, '']);
      expect(help.stdout).toContain('send <slug> [--dry-run]');
    }
  });

  it('names the issues that exist when asked to preview one that does not', async () => {
    const run = await newsletter(['preview', 'no-such-issue'], { DATA_DIR: tempDir('newsletter-unknown') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown issue: no-such-issue.');
    expect(run.stderr).toContain(slug);
  });

  it('previews the issue in both languages, as HTML and text, and says where', async () => {
    const dataDir = tempDir('newsletter-preview');
    const run = await newsletter(['preview', slug], { DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const dir = path.join(dataDir, 'newsletter-preview', slug);
    expect(run.stdout).toContain(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['bg.html', 'bg.txt', 'en.html', 'en.txt']);
    expect(fs.readFileSync(path.join(dir, 'bg.txt'), 'utf8')).toContain(`Subject: ${bulgarianSubject}`);
    expect(fs.readFileSync(path.join(dir, 'en.html'), 'utf8')).toMatch(/<html [^>]*lang="en"/);
    expect(fs.readFileSync(path.join(dir, 'bg.html'), 'utf8')).toContain('Отпиши се');
  });

  it('previews every letter of the course in both languages, with an index page', async () => {
    const dataDir = tempDir('course-preview');
    const run = await newsletter(['preview', 'course'], { DATA_DIR: dataDir });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const dir = path.join(dataDir, 'newsletter-preview', 'course');
    expect(run.stdout).toContain(dir);
    const days = ['00', '07', '14', '21', '28'];
    const files = days.flatMap((day) =>
      ['bg', 'en'].flatMap((language) => [`day-${day}.${language}.html`, `day-${day}.${language}.txt`]),
    );
    expect(fs.readdirSync(dir).sort()).toEqual([...files, 'index.html'].sort());
    const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    for (const file of files) expect(index).toContain(`href="${file}"`);
    // The rare tip's words come from tips.json when the letter is made.
    const tips = JSON.parse(fs.readFileSync(path.join('content', 'tips.json'), 'utf8')) as {
      id: string;
      bg: string;
    }[];
    const welcome = fs.readFileSync(path.join(dir, 'day-00.bg.txt'), 'utf8');
    expect(welcome).toContain(tips.find((tip) => tip.id === 'r16')?.bg);
    expect(welcome).not.toContain('{{tip}}');
    expect(fs.readFileSync(path.join(dir, 'day-28.en.html'), 'utf8')).toContain('/#subscribe');
  });
});

describe('npm run serve', () => {
  const serveProcess = (env: Record<string, string>) => runScript('functions/server/serve.ts', [], env);

  it('refuses to serve others without HASH_SECRET and SITE_URL, naming them and how to make a secret', async () => {
    const secret = 'a-secret-of-at-least-32-characters-long';
    const runs = await Promise.all([
      serveProcess({ HOST: '0.0.0.0', PORT: '0' }),
      serveProcess({ HOST: '0.0.0.0', PORT: '0', HASH_SECRET: secret }),
      serveProcess({ NODE_ENV: 'production', PORT: '0', SITE_URL: 'https://advice.example' }),
    ]);
    const [neither, noSite, noSecret] = runs;
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('openssl rand -base64 48');
    }
    expect(neither?.stderr).toContain('HASH_SECRET and SITE_URL must be set');
    expect(noSite?.stderr).toContain('SITE_URL must be set');
    expect(noSite?.stderr).not.toContain('HASH_SECRET and');
    expect(noSecret?.stderr).toContain('HASH_SECRET must be set');
  });
});
