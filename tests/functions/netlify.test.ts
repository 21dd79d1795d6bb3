// The serverless entry bundles with esbuild (as Netlify does) and answers web-standard Requests.
// The bundle runs in a child process from a temp dir, so it must be self-contained. It is bundled once,
// in the functions-postgres project: Netlify's only database is PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/http.ts';
import { bundleNetlifyEntry } from '../support/netlifyBundle.ts';
import { repoRoot, runScript } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { databaseMissing, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

interface Call {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  context?: unknown;
}
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

// Imports a bundle, calls its default export with each Request, prints the answers as JSON.
const runner = `
const [file, calls] = [process.argv[2], JSON.parse(process.argv[3])];
const mod = await import(file);
const answers = [];
for (const c of calls) {
  const init = { method: c.method ?? 'GET', headers: c.headers ?? {} };
  if (c.body !== undefined) init.body = JSON.stringify(c.body);
  const res = await mod.default(new Request(c.url, init), c.context);
  answers.push({ status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) });
}
console.log(JSON.stringify({ config: mod.config, answers }));
process.exit(0);
`;

describe('Netlify function entry', () => {
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('netlify');
    for (const entry of ['netlify', 'netlify-purge']) await bundleNetlifyEntry(entry, dir);
    fs.writeFileSync(path.join(dir, 'run.mjs'), runner);
  });

  // What a Netlify site has set: its own URL (Netlify's) and the secret (the operator's).
  const site = { URL: 'https://advice.example', HASH_SECRET: 'netlify-entry-secret-0123456789abcdef' };

  async function call(entry: string, calls: Call[], env: Record<string, string>) {
    const run = await runScript(
      path.join(dir, 'run.mjs'),
      [path.join(dir, `${entry}.mjs`), JSON.stringify(calls)],
      { ...site, ...env },
    );
    if (run.code !== 0) throw new Error(`bundle failed (${run.code}):\n${run.stderr}`);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      config: unknown;
      answers: Answer[];
    };
    return { ...out, log: run.stderr };
  }

  it('builds a self-contained bundle without the embedded database', () => {
    const bundle = fs.readFileSync(path.join(dir, 'netlify.mjs'), 'utf8');
    expect(bundle).not.toContain('@electric-sql/pglite');
    expect(bundle).not.toContain('.wasm');
  });

  it('routes /api/* to itself and schedules the purge hourly', async () => {
    expect((await call('netlify', [], {})).config).toEqual({ path: '/api/*' });
    expect((await call('netlify-purge', [], {})).config).toEqual({ schedule: '@hourly' });
  });

  it("answers /api/geo from Netlify's context.geo and headers, with the API headers", async () => {
    const netlifyHeader = Buffer.from(
      JSON.stringify({ city: 'Plovdiv', country: { code: 'BG', name: 'Bulgaria' } }),
    ).toString('base64');
    const { answers } = await call(
      'netlify',
      [
        {
          url: 'https://advice.example/api/geo',
          context: {
            ip: '203.0.113.9',
            geo: {
              city: 'Sofia',
              country: { code: 'BG', name: 'Bulgaria' },
              subdivision: { code: '22', name: 'Sofia City' },
            },
          },
        },
        { url: 'https://advice.example/api/geo', headers: { 'x-nf-geo': netlifyHeader } },
      ],
      {},
    );
    expect(answers.map((a) => [a.status, JSON.parse(a.body)])).toEqual([
      [200, { country_code: 'BG', country_name: 'Bulgaria', city: 'Sofia', region: 'Sofia City' }],
      [200, { country_code: 'BG', country_name: 'Bulgaria', city: 'Plovdiv', region: 'Unknown' }],
    ]);
    const headers = answers[0]?.headers ?? {};
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to start without HASH_SECRET, naming it and showing how to make one', async () => {
    const { answers, log } = await call('netlify', [{ url: 'https://advice.example/api/geo' }], {
      HASH_SECRET: '',
    });
    expect(answers.map((a) => [a.status, JSON.parse(a.body)])).toEqual([
      [500, { error: 'Something went wrong' }],
    ]);
    expect(log).toContain('HASH_SECRET must be set');
    expect(log).toContain('openssl rand -base64 48');
  });

  it('without DATABASE_URL: geo works, health is 503, writes are a plain 500, and the log says why', async () => {
    const { answers, log } = await call(
      'netlify',
      [
        { url: 'https://advice.example/api/health' },
        {
          url: 'https://advice.example/api/subscribe',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: { email: uniqueEmail() },
        },
      ],
      {},
    );
    expect(answers.map((a) => [a.status, JSON.parse(a.body)])).toEqual([
      [503, { error: 'Database unavailable' }],
      [500, { error: 'Something went wrong' }],
    ]);
    expect(log).toContain('DATABASE_URL is not set');
  });

  it.runIf(onPostgres && !databaseMissing)(
    'takes real submissions into PostgreSQL, reading content and migrations beside it',
    async () => {
      const env = await freshDatabaseEnv();
      const email = uniqueEmail('netlify');
      const json = { 'content-type': 'application/json', origin: 'https://advice.example' };
      const { answers } = await call(
        'netlify',
        [
          { url: 'https://advice.example/api/health' },
          { url: 'https://advice.example/api/subscribe', method: 'POST', headers: json, body: { email } },
          { url: 'https://advice.example/api/subscribe', method: 'POST', headers: json, body: { email } },
          // Known tips and articles come from the repository's content/ (included_files on Netlify).
          {
            url: 'https://advice.example/api/tip-ratings',
            method: 'POST',
            headers: json,
            body: { tipId: 'en_1', language: 'en', rating: 1, sessionId: 'netlify-session-1' },
          },
          {
            url: 'https://advice.example/api/articles/1/comments',
            method: 'POST',
            headers: json,
            body: { name: 'N', comment: 'Hi', language: 'en' },
          },
          { url: 'https://advice.example/api/articles/1/comments' },
          {
            url: 'https://advice.example/api/subscribe',
            method: 'POST',
            headers: { ...json, origin: 'https://evil.example' },
            body: { email },
          },
        ],
        { DATABASE_URL: env.DATABASE_URL ?? '' },
      );
      expect(answers.map((a) => a.status)).toEqual([200, 201, 409, 201, 201, 200, 403]);
      expect(JSON.parse(answers[5]?.body ?? '{}').comments).toEqual([
        expect.objectContaining({ name: 'N', comment: 'Hi' }),
      ]);

      const purge = await call(
        'netlify-purge',
        [{ url: 'https://advice.example/.netlify/functions/netlify-purge' }],
        {
          DATABASE_URL: env.DATABASE_URL ?? '',
        },
      );
      expect(purge.answers[0]?.status).toBe(204);
      expect(purge.log).toBe('');
    },
  );
});

// The repo's own content must be where the Netlify entry looks for it (process.cwd()/content).
it('finds content/ and functions/migrations where netlify.toml includes them', () => {
  const toml = fs.readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8');
  expect(toml).toMatch(/included_files = \[[^\]]*"content\/\*\*"/);
  expect(toml).toMatch(/included_files = \[[^\]]*"functions\/migrations\/\*\.sql"/);
  expect(toml).toMatch(/directory = "functions\/platforms"/);
  expect(fs.existsSync(path.join(repoRoot, 'content', 'tips.json'))).toBe(true);
});
