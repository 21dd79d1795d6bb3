// The Netlify deploy as Netlify runs it. netlify-cli, offline, in a copy of the project: `netlify serve`
// builds it as Netlify's builders do (NETLIFY=true, netlify.toml's command, Netlify's own function
// bundler with included_files), then serves the built pages with the site's _headers and _redirects and
// the built function bundles, against a throwaway PostgreSQL and a real SMTP server. The scheduled
// functions are invoked as the CLI invokes them for Netlify's scheduler (POST, `X-NF-Event: schedule`).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { choiceCookies } from '../../functions/arrivalDecision.ts';
import { headersFor, readHeaders } from '../../functions/server/hostRules.ts';
import { freePort } from '../support/freePort.ts';
import { caseHeaders, hostRuleCases, observed } from '../support/hostRuleCases.ts';
import { uniqueEmail } from '../support/http.ts';
import { ensureNetlifyCli } from '../support/netlifyCli.ts';
import { childEnv, repoRoot, stopProcessGroup } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const secret = 'netlify-cli-test-secret-0123456789abcdef';
const operator = 'operator@advice.example';
// The public address the site is built with and letters link to: a local build's own, so the build
// finds its share cards and compressed pages in the cache the suite's build filled.
const publicAddress = 'http://127.0.0.1:4321';

/** The project as a fresh clone has it (tracked and new files), its node_modules linked, in a temp dir. */
function copyProject(): string {
  const dir = tempDir('netlify-site');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(repoRoot, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

let cli: ChildProcess | undefined;
let output = '';
let site = '';
let smtp: TestSmtp;
let databaseUrl = '';
let projectDir = '';
/** The visitors' addresses used, none of which may reach the log. */
const addresses: string[] = [];

/** Starts `netlify serve` and resolves once it says it is ready (rejects with its output if it ends). */
async function startNetlify(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const bin = await ensureNetlifyCli();
  const args = ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)];
  cli = spawn(process.execPath, [bin, ...args], {
    cwd: projectDir,
    // As Netlify's builders: NETLIFY=true and the site's address in URL. No browser to open.
    env: childEnv({ ...env, NETLIFY: 'true', URL: url, BROWSER: 'none', NODE_ENV: '' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const child = cli;
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const ready = () => output.includes('Local dev server ready') && resolve();
    child.stdout?.on('data', ready);
    child.on('exit', (code, signal) =>
      reject(new Error(`netlify serve ended (code ${code}, signal ${signal}):\n${output}`)),
    );
  });
  return url;
}

/** What the CLI printed from `from` on (the functions' logs go there). */
const printedSince = (from: number) => output.slice(from);

/** Invokes a scheduled function as Netlify's scheduler does; returns what it logged meanwhile. */
async function runScheduled(name: string): Promise<string> {
  const from = output.length;
  const res = await fetch(`${site}/.netlify/functions/${name}`, {
    method: 'POST',
    headers: { 'user-agent': 'Netlify Clockwork' },
  });
  // The function's own answer: 204 when it did its work, 500 when it could not.
  expect([res.status, await res.text()]).toEqual([204, '']);
  return printedSince(from);
}

const post = (route: string, body: unknown) =>
  fetch(`${site}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify(body),
  });

/** The token of a link to `page` in a letter (the first whose token starts with `start`). */
function tokenIn(text: string, page: string, start = ''): string {
  const token = new RegExp(`${publicAddress}${page}#token=(${start}[A-Za-z0-9._-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no ${page} link in:\n${text}`);
  return token;
}

async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describeDb('the site on Netlify (netlify-cli offline)', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    databaseUrl = (await freshDatabaseEnv()).DATABASE_URL ?? '';
    projectDir = copyProject();
    site = await startNetlify({
      DATABASE_URL: databaseUrl,
      HASH_SECRET: secret,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Important Advice <letters@advice.example>',
      ADMIN_EMAIL: operator,
      SITE_URL: publicAddress,
    });
  });
  afterAll(async () => {
    if (cli) {
      const closed = new Promise((done) => cli?.once('close', done));
      stopProcessGroup(cli);
      await closed;
    }
    await smtp?.close();
  });

  it('builds the functions with the content and migrations they read beside them', () => {
    const built = path.join(projectDir, '.netlify', 'functions');
    const names = fs.readdirSync(built).filter((file) => file.endsWith('.zip'));
    expect(names.sort()).toEqual([
      'netlify-mail.zip',
      'netlify-purge.zip',
      'netlify-today.zip',
      'netlify.zip',
    ]);
    // A zip names its files in plain text: the mail function holds the course's letters and the SQL
    // it migrates with, and not the embedded database.
    const zip = fs.readFileSync(path.join(built, 'netlify-mail.zip'));
    expect(zip.includes('content/newsletter/course/')).toBe(true);
    expect(zip.includes('functions/migrations/0000_init.sql')).toBe(true);
    expect(zip.includes('@electric-sql/pglite')).toBe(false);
  });

  it('migrates a fresh database from the mail function, the first to run, and sends nothing', async () => {
    expect(await query('select 1 from pg_tables where tablename = $$mail_queue$$')).toEqual([]);
    const log = await runScheduled('netlify-mail');
    expect(log).toContain('Mail queue: sent 0, retrying 0, failed 0.');
    expect(await query('select 1 from pg_tables where tablename = $$mail_queue$$')).toHaveLength(1);
  });

  it.each(hostRuleCases)(
    'answers $path ($cookie) with $status, as `npm run serve` does',
    async (expected) => {
      const response = await fetch(`${site}${expected.path}`, {
        headers: caseHeaders(expected),
        redirect: 'manual',
      });
      expect(await observed(response, expected)).toEqual(expected);
    },
  );

  // The country: netlify-cli takes a request's from its `nf_country` cookie (else `us`), where Netlify
  // takes it from the visitor's address. Netlify's rules see no User-Agent: bots are not asked here.
  it.each([
    { path: '/about', cookie: 'nf_country=bg', status: 302, location: '/bg/about' },
    { path: '/tips/en_1', cookie: 'nf_country=MD', status: 302, location: '/bg/tips/1' },
    { path: '/', cookie: 'nf_country=bg', status: 302, location: '/bg/' },
    { path: '/about', cookie: 'nf_country=de', status: 200, lang: 'en' as const },
    { path: '/about', cookie: `nf_country=bg; ${choiceCookies.en}=1`, status: 200, lang: 'en' as const },
    { path: '/bg/about', cookie: `nf_country=bg; ${choiceCookies.en}=1`, status: 200, lang: 'bg' as const },
    { path: '/about', cookie: `nf_country=de; ${choiceCookies.bg}=1`, status: 302, location: '/bg/about' },
  ])('answers $path ($cookie) with $status by the country', async (expected) => {
    const response = await fetch(`${site}${expected.path}`, {
      headers: { ...caseHeaders(expected), 'accept-language': 'bg-BG,bg' },
      redirect: 'manual',
    });
    expect(await observed(response, expected)).toEqual(expected);
  });

  it('leads /today and /bg/today to the day’s tip page, and serves its feeds, embed and API', async () => {
    const api = await (await fetch(`${site}/api/tips/today`)).json();
    expect(api.tips.en.url).toBe(`${publicAddress}/tips/en_${api.id}`);
    for (const [path, page] of [
      ['/today', `${publicAddress}/tips/en_${api.id}`],
      ['/bg/today', `${publicAddress}/bg/tips/${api.id}`],
    ]) {
      const response = await fetch(`${site}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(page);
      expect(response.headers.get('cache-control')).toContain('max-age=300');
    }
    const feed = await fetch(`${site}/bg/today.xml`);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    expect((await feed.text()).match(/<item>/g)).toHaveLength(30);
    const embed = await fetch(`${site}/embed/today`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await embed.text()).toContain(
      api.tips.en.text.replaceAll("'", '&apos;').replaceAll('"', '&quot;'),
    );
  });

  it('sends the site headers and the API its own', async () => {
    // A path whose rules the emulator finds (it matches _headers against the file it serves, /about.html
    // for /about, where Netlify matches the path asked for): a page in a folder of pages (`/bg/tips/*`).
    const page = await fetch(`${site}/bg/tips/1`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${site}/api/health`);
    expect([api.status, await api.json()]).toEqual([200, { status: 'ok' }]);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the tip pages’ picture drawing as a script, kept for good by the build’s rules', async () => {
    const page = await (await fetch(`${site}/tips/en_2`)).text();
    const file = /data-picture-script="(\/pictures\/scripts\/tipPicture\.[\w-]+\.js)"/.exec(page)?.[1] ?? '';
    const script = await fetch(`${site}${file}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toContain('tipPictures');
    // The CLI sends this file its own `Cache-Control` (`public, max-age=0`), not the rules': Netlify's own
    // matcher on the build's `_headers` says what Netlify sends.
    const { rules } = await readHeaders(path.join(projectDir, 'dist', '_headers'));
    expect(headersFor(rules, file).get('cache-control')?.[1]).toBe('public, max-age=31536000, immutable');
  });

  it('confirms a subscriber, whose welcome letter the scheduled mail function sends', async () => {
    const email = uniqueEmail('netlify-cli');
    addresses.push(email);
    expect((await post('/api/subscribe', { email, language: 'bg' })).status).toBe(201);
    const before = smtp.received.length;
    expect(await runScheduled('netlify-mail')).toContain('Mail queue: sent 1, retrying 0, failed 0.');
    const [confirmation] = (await smtp.waitFor(before + 1)).slice(before);
    expect(confirmation?.to).toEqual([email]);
    const token = tokenIn(confirmation?.mail.text ?? '', '/bg/subscribe/confirm');
    expect((await post('/api/subscribe/confirm', { token })).status).toBe(200);

    const log = await runScheduled('netlify-mail');
    expect(log).toContain('Mail queue: sent 1, retrying 0, failed 0.');
    const [welcome] = (await smtp.waitFor(before + 2)).slice(before + 1);
    expect(welcome?.to).toEqual([email]);
    expect(welcome?.mail.messageId).toMatch(/^<course-0\./);
    expect(welcome?.mail.from?.value).toEqual([
      { address: 'letters@advice.example', name: 'Important Advice' },
    ]);
    // Nothing else is due: the next run sends nothing.
    expect(await runScheduled('netlify-mail')).toContain('Mail queue: sent 0, retrying 0, failed 0.');
  });

  it('holds a comment with a link, tells the operator, and publishes it on their word', async () => {
    const held = await post('/api/articles/1/comments', {
      name: 'Netlify',
      comment: 'See https://example.com',
      language: 'en',
    });
    expect([held.status, (await held.json()).status]).toEqual([201, 'held']);
    const before = smtp.received.length;
    await runScheduled('netlify-mail');
    const [letter] = (await smtp.waitFor(before + 1)).slice(before);
    expect(letter?.to).toEqual([operator]);
    // The approve link's token (the hide link's starts with `h.`).
    const token = tokenIn(letter?.mail.text ?? '', '/moderate', 'a\\.');
    const approved = await post('/api/moderation', { token });
    expect([approved.status, await approved.json()]).toEqual([200, { status: 'published' }]);
    const shown = await (await fetch(`${site}/api/articles/1/comments`)).json();
    expect(shown.comments).toEqual([
      expect.objectContaining({ name: 'Netlify', comment: 'See https://example.com' }),
    ]);
  });

  it('takes ratings of tips and articles, and refuses unknown article ids', async () => {
    const tip = await post('/api/tip-ratings', {
      tipId: 'en_1',
      language: 'en',
      rating: 1,
      sessionId: 'netlify-cli-session',
    });
    expect(tip.status).toBe(201);
    const email = uniqueEmail('rating');
    addresses.push(email);
    const article = await post('/api/articles/3/rating', { rating: 5, email });
    expect([article.status, (await article.json()).count]).toEqual([200, 1]);
    for (const id of ['999', 'abc']) {
      const unknown = await fetch(`${site}/api/articles/${id}/comments`);
      expect([id, unknown.status]).toEqual([id, 404]);
    }
  });

  it('purges from the hourly function what has expired', async () => {
    const email = uniqueEmail('expired');
    addresses.push(email);
    await query(
      `insert into subscribers (email, created_at) values ('${email}', now() - interval '40 days')`,
    );
    const log = await runScheduled('netlify-purge');
    expect(log).toMatch(/Purge: deleted 1 subscriber\(s\)/);
    expect(await query(`select 1 from subscribers where email = '${email}'`)).toEqual([]);
  });

  it("never writes a visitor's address or a query to the log", () => {
    for (const address of addresses) expect(output).not.toContain(address);
    expect(output).not.toMatch(/insert into|delete from|"subscribers"/i);
  });
});
