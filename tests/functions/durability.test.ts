// Data survives restarts and kill -9; SIGTERM finishes what is in flight; one PGlite directory, one process.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appliedMigrations, defaultMigrationsDir } from '../../functions/db/migrate.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { getJson, postJson, uniqueEmail } from '../support/http.ts';
import { type Served, startServe } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv, onPglite, onPostgres, openDatabaseFor } from '../support/testDb.ts';

describeDb('restarts, crashes and shutdown', () => {
  let env: Record<string, string>;
  // Each test goes on with the server the one before it left running (its restart), so every start
  // both proves something and serves the next test; a test run alone starts its own.
  let live: Served | undefined;
  const running = async () => {
    live ??= await startServe(env);
    return live;
  };
  afterAll(async () => {
    await live?.stop();
  });

  beforeAll(async () => {
    env = {
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
      SUBSCRIBE_LIMIT_PER_HOUR: '0',
      COMMENT_LIMIT_PER_HOUR: '0',
    };
  });

  it('keeps subscribers and comments across a clean restart', async () => {
    const email = uniqueEmail();
    const first = await running();
    expect((await postJson(`${first.url}/api/subscribe`, { email })).status).toBe(201);
    const comment = { name: 'Restart', comment: `survives ${email.split('@')[0]}`, language: 'en' };
    expect((await postJson(`${first.url}/api/articles/25/comments`, comment)).status).toBe(201);
    live = undefined;
    expect((await first.stop()).code).toBe(0);

    const second = await running();
    expect((await postJson(`${second.url}/api/subscribe`, { email })).status).toBe(200);
    const list = await getJson(`${second.url}/api/articles/25/comments`);
    expect(list.body.comments).toEqual([expect.objectContaining(comment)]);
  });

  it('keeps every acknowledged write after kill -9', async () => {
    const emails = Array.from({ length: 20 }, () => uniqueEmail('crash'));
    const first = await running();
    for (const email of emails)
      expect((await postJson(`${first.url}/api/subscribe`, { email })).status).toBe(201);
    expect(
      (
        await postJson(`${first.url}/api/articles/26/comments`, {
          name: 'K',
          comment: 'nine',
          language: 'en',
        })
      ).status,
    ).toBe(201);
    live = undefined;
    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL');

    // A crashed PGlite owner leaves its lock file behind; the next start takes it over.
    const second = await running();
    for (const email of emails)
      expect((await postJson(`${second.url}/api/subscribe`, { email })).status).toBe(200);
    const list = await getJson(`${second.url}/api/articles/26/comments`);
    expect(list.body.comments).toEqual([expect.objectContaining({ comment: 'nine' })]);
  });

  it.runIf(onPglite)(
    'refuses a second server on the same PGlite directory at once, with a clear message',
    async () => {
      const owner = await running();
      const second = startServe(env);
      await expect(second).rejects.toThrow(/in use by another process \(pid \d+/);
      await expect(second).rejects.toThrow(/DATABASE_URL/);
      await expect(second).rejects.toThrow(/code 1/);
      // The owner is unharmed.
      expect((await getJson(`${owner.url}/api/health`)).status).toBe(200);
    },
  );

  it('answers a request in flight on SIGTERM, then closes the database and exits 0', async () => {
    const server = await running();
    live = undefined;
    const email = uniqueEmail('inflight');
    const body = JSON.stringify({ email });
    // Expect: 100-continue lets the test know the server has the request before the signal is sent.
    const request = http.request(`${server.url}/api/subscribe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
    });
    const continued = new Promise<void>((resolve) => request.on('continue', resolve));
    request.flushHeaders();
    await continued;

    server.child.kill('SIGTERM');
    request.end(body);
    const answer = await response;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ success: true });

    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(server.output()).toContain('Stopped cleanly.');
    if (onPglite) expect(fs.existsSync(path.join(env.DATA_DIR ?? '', 'pglite.lock'))).toBe(false);

    // The answered write is really there.
    const next = await startServe(env);
    try {
      expect((await postJson(`${next.url}/api/subscribe`, { email })).status).toBe(200);
    } finally {
      await next.stop();
    }
  });

  it.runIf(onPostgres)(
    'runs several instances on one database: they migrate once and share data',
    async () => {
      const fresh = { ...env, ...(await freshDatabaseEnv()) };
      const servers = await Promise.all([startServe(fresh), startServe(fresh), startServe(fresh)]);
      try {
        const [a, b, c] = servers.map((s) => `${s.url}/api`) as [string, string, string];
        const email = uniqueEmail('shared');
        expect((await postJson(`${a}/subscribe`, { email })).status).toBe(201);
        expect((await postJson(`${b}/subscribe`, { email })).status).toBe(200);
        await postJson(`${b}/articles/27/comments`, { name: 'B', comment: 'from b', language: 'en' });
        expect((await getJson(`${c}/articles/27/comments`)).body.comments).toEqual([
          expect.objectContaining({ comment: 'from b' }),
        ]);
        const database = await openDatabaseFor(fresh);
        try {
          const files = fs.readdirSync(defaultMigrationsDir()).filter((f) => f.endsWith('.sql'));
          expect(await appliedMigrations(database.db)).toEqual(
            files.map((f) => f.replace(/\.sql$/, '')).sort(),
          );
        } finally {
          await database.close();
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    },
  );
});
