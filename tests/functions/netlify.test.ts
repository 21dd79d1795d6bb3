// The Netlify entries as modules, each imported in a fresh process with the environment a site has set,
// and called with web-standard Requests: what they make of Netlify's context and of their settings.
// Built and run by Netlify's own tools, with a database and a mail server, in tests/netlify/.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/http.ts';
import { repoRoot, runScript } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';

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

// Imports an entry, calls its default export with each Request, prints the answers as JSON.
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

  beforeAll(() => {
    dir = tempDir('netlify');
    fs.writeFileSync(path.join(dir, 'run.mjs'), runner);
  });

  // What a Netlify site has set: its own URL (Netlify's), the secret, the mail server and its sender.
  const site = {
    URL: 'https://advice.example',
    HASH_SECRET: 'netlify-entry-secret-0123456789abcdef',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'Important Advice <letters@advice.example>',
  };

  async function call(entry: string, calls: Call[], env: Record<string, string>) {
    const run = await runScript(
      path.join(dir, 'run.mjs'),
      [path.join(repoRoot, 'functions', 'platforms', `${entry}.ts`), JSON.stringify(calls)],
      { ...site, ...env },
    );
    if (run.code !== 0) throw new Error(`bundle failed (${run.code}):\n${run.stderr}`);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      config: unknown;
      answers: Answer[];
    };
    return { ...out, log: run.stderr };
  }

  it('routes /api/* to itself, drains the mail queue every minute and purges hourly', async () => {
    expect((await call('netlify', [], {})).config).toEqual({ path: '/api/*' });
    expect((await call('netlify-mail', [], {})).config).toEqual({ schedule: '* * * * *' });
    expect((await call('netlify-purge', [], {})).config).toEqual({ schedule: '@hourly' });
  });

  it('answers the tip of the day’s paths without a database, on the date TODAY sets', async () => {
    const urls = ['/today', '/bg/today', '/today.xml', '/bg/embed/today'].map((p) => ({
      url: `https://advice.example${p}`,
    }));
    const { config, answers } = await call('netlify-today', urls, { TODAY: '2026-11-27', DATABASE_URL: '' });
    expect(config).toEqual({
      path: ['/today', '/today.xml', '/embed/today', '/bg/today', '/bg/today.xml', '/bg/embed/today'],
    });
    const [en, bg, feed, embed] = answers;
    expect(en?.status).toBe(302);
    const id = /\/tips\/en_(\d+)$/.exec(en?.headers.location ?? '')?.[1];
    expect(en?.headers.location).toBe(`https://advice.example/tips/en_${id}`);
    expect(bg?.headers.location).toBe(`https://advice.example/bg/tips/${id}`);
    expect(feed?.body).toContain(`<link>https://advice.example/tips/en_${id}</link>`);
    expect(embed?.headers['content-security-policy']).toContain('frame-ancestors *');
    const next = await call('netlify-today', [{ url: 'https://advice.example/today' }], {
      TODAY: '2026-11-28',
    });
    expect(next.answers[0]?.headers.location).not.toBe(en?.headers.location);
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
      [503, { status: 'degraded', problems: ['database'] }],
      [500, { error: 'Something went wrong' }],
    ]);
    expect(log).toContain('DATABASE_URL is not set');
  });

  // Netlify's disk is read-only: without a mail server no letter could leave (there is no outbox), and
  // the visitor would be told to look in their inbox for one that never comes.
  it('refuses to start without SMTP_URL, the API and the mail queue alike, saying why at start', async () => {
    for (const entry of ['netlify', 'netlify-mail']) {
      const { answers, log } = await call(entry, [{ url: 'https://advice.example/api/subscribe' }], {
        SMTP_URL: '',
      });
      expect([entry, answers[0]?.status]).toEqual([entry, 500]);
      expect(log).toContain('SMTP_URL must be set on Netlify');
      expect(log).toContain('no outbox');
    }
    // Said once as the module loads, before any request.
    const { log } = await call('netlify-mail', [], { SMTP_URL: '' });
    expect(log).toContain('SMTP_URL must be set on Netlify');
  });

  it('refuses to send letters without MAIL_FROM, which would name advice@localhost', async () => {
    for (const entry of ['netlify', 'netlify-mail']) {
      const { answers, log } = await call(entry, [{ url: 'https://advice.example/api/health' }], {
        MAIL_FROM: '',
      });
      expect([entry, answers[0]?.status]).toEqual([entry, 500]);
      expect(log).toContain('MAIL_FROM must be set for letters sent through SMTP_URL on Netlify');
    }
  });

  it('logs why the mail queue cannot run without DATABASE_URL, and no more', async () => {
    const { answers, log } = await call('netlify-mail', [{ url: 'https://advice.example/' }], {});
    expect(answers[0]?.status).toBe(500);
    expect(log.trim()).toBe(
      'Mail queue: drain failed: ConfigError: DATABASE_URL is not set: on Netlify the functions need a PostgreSQL server.',
    );
  });
});

// The repo's own content must be where the Netlify entry looks for it (process.cwd()/content).
it('finds content/ and functions/migrations where netlify.toml includes them', () => {
  const toml = fs.readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8');
  expect(toml).toMatch(/included_files = \[[^\]]*"content\/\*\*"/);
  expect(toml).toMatch(/included_files = \[[^\]]*"functions\/migrations\/\*\.sql"/);
  expect(toml).toMatch(/directory = "functions\/platforms"/);
  expect(fs.existsSync(path.join(repoRoot, 'content', 'tips.json'))).toBe(true);
});
