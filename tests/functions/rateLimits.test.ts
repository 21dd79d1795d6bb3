// Per-client hourly limits, kept in the database; 0 turns one off; TRUST_PROXY decides who the client is,
// as a count of proxies or a list of their addresses (then only a listed peer's X-Forwarded-For counts).
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorMessages } from '../../functions/contract.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { postJson as postJsonTo, sessionId, uniqueClient, uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { behindProxy, type Served, startServe } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

describeDb('rate limits', () => {
  let limited: TestApp;
  let unlimited: TestApp;
  let untrusting: TestApp;
  const postJson = (t: TestApp, route: string, body: unknown, headers: Record<string, string>) =>
    postJsonTo(`http://localhost/api${route}`, body, headers, t.fetch);

  beforeAll(async () => {
    const common = { CONTENT_DIR: makeContentDir() };
    // Three apps, one database each, opened in parallel; without TRUST_PROXY each sees 192.0.2.1.
    const started = await Promise.all([
      freshDatabaseEnv().then((db) =>
        createTestApp({
          ...db,
          ...common,
          TRUST_PROXY: 'true',
          SUBSCRIBE_LIMIT_PER_HOUR: '2',
          COMMENT_LIMIT_PER_HOUR: '2',
          RATING_LIMIT_PER_HOUR: '3',
        }),
      ),
      freshDatabaseEnv().then((db) =>
        createTestApp({
          ...db,
          ...common,
          TRUST_PROXY: 'true',
          SUBSCRIBE_LIMIT_PER_HOUR: '0',
          COMMENT_LIMIT_PER_HOUR: '0',
          RATING_LIMIT_PER_HOUR: '0',
        }),
      ),
      freshDatabaseEnv().then((db) =>
        createTestApp({ ...db, ...common, TRUST_PROXY: 'false', SUBSCRIBE_LIMIT_PER_HOUR: '2' }),
      ),
    ]);
    [limited, unlimited, untrusting] = started;
  });
  afterAll(async () => {
    await Promise.all([limited, unlimited, untrusting].map((t) => t?.database.close()));
  });

  it('refuses the third subscription attempt of a client within the hour with the exact 429', async () => {
    const client = uniqueClient();
    expect((await postJson(limited, '/subscribe', { email: uniqueEmail() }, client)).status).toBe(201);
    // Invalid attempts count too.
    expect((await postJson(limited, '/subscribe', { email: 'nope' }, client)).status).toBe(400);
    const third = await postJson(limited, '/subscribe', { email: uniqueEmail() }, client);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      success: false,
      error: 'Too many email submissions. Please try again later.',
    });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await postJson(limited, '/subscribe', { email: uniqueEmail() }, uniqueClient())).status).toBe(
      201,
    );
  });

  it("does not count a pending address's asking again against the client's attempts", async () => {
    const client = uniqueClient();
    const email = uniqueEmail();
    expect((await postJson(limited, '/subscribe', { email }, client)).status).toBe(201);
    // However often it is told its letter is on its way, the second attempt of the hour is still free.
    for (let i = 0; i < 3; i++)
      expect((await postJson(limited, '/subscribe', { email }, client)).status).toBe(200);
    expect((await postJson(limited, '/subscribe', { email: uniqueEmail() }, client)).status).toBe(201);
    expect((await postJson(limited, '/subscribe', { email: uniqueEmail() }, client)).status).toBe(429);
  });

  it('limits comments per client', async () => {
    const client = uniqueClient();
    const comment = { name: 'A', comment: 'B', language: 'en' };
    for (let i = 0; i < 2; i++)
      expect((await postJson(limited, '/articles/1/comments', comment, client)).status).toBe(201);
    const third = await postJson(limited, '/articles/1/comments', comment, client);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: errorMessages.commentRateLimited });
  });

  it('limits tip ratings and article ratings separately, each with RATING_LIMIT_PER_HOUR', async () => {
    const client = uniqueClient();
    const tip = { tipId: 'en_1', language: 'en', rating: 1, sessionId: sessionId() };
    for (let i = 0; i < 3; i++)
      expect((await postJson(limited, '/tip-ratings', tip, client)).status).toBe(201);
    const fourth = await postJson(limited, '/tip-ratings', tip, client);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: errorMessages.ratingRateLimited });

    for (let i = 0; i < 3; i++) {
      const res = await postJson(limited, '/articles/1/rating', { rating: 5, email: uniqueEmail() }, client);
      expect(res.status).toBe(200);
    }
    expect(
      (await postJson(limited, '/articles/1/rating', { rating: 5, email: uniqueEmail() }, client)).status,
    ).toBe(429);
  });

  it('never limits when a limit is 0', async () => {
    const client = uniqueClient();
    for (let i = 0; i < 15; i++) {
      expect((await postJson(unlimited, '/subscribe', { email: uniqueEmail() }, client)).status).toBe(201);
      const comment = { name: 'A', comment: `B${i}`, language: 'en' };
      expect((await postJson(unlimited, '/articles/1/comments', comment, client)).status).toBe(201);
      const tip = { tipId: 'en_1', language: 'en', rating: i % 2, sessionId: sessionId() };
      expect((await postJson(unlimited, '/tip-ratings', tip, client)).status).toBe(201);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on, so a client cannot dodge the limit', async () => {
    // Every request claims another address; without TRUST_PROXY they all come from the socket's.
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await postJson(untrusting, '/subscribe', { email: uniqueEmail() }, uniqueClient())).status,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('behind a trusted proxy, counts the entry that proxy appended: forged entries and platform headers change nothing', async () => {
    // One real client (203.0.113.x, appended by the proxy) that writes a new address of its own on
    // the left of X-Forwarded-For, and a new Cloudflare header, every time.
    const real = uniqueClient()['x-forwarded-for'];
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const forged = {
        'x-forwarded-for': `198.51.100.${i + 1}, ${real}`,
        'cf-connecting-ip': `192.0.2.${i + 9}`,
      };
      statuses.push((await postJson(limited, '/subscribe', { email: uniqueEmail() }, forged)).status);
    }
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
  });
});

describeDb('rate limits behind proxies listed by address (TRUST_PROXY=127.0.0.1)', () => {
  let server: Served;

  beforeAll(async () => {
    server = await startServe({
      ...(await freshDatabaseEnv()),
      ...(await behindProxy('127.0.0.1')),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
      SUBSCRIBE_LIMIT_PER_HOUR: '2',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** POSTs a subscription from the loopback address `from` (Linux answers on all of 127/8). */
  const subscribeFrom = (from: string, forwardedFor: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const body = JSON.stringify({ email: uniqueEmail() });
      const request = http.request(`${server.url}/api/subscribe`, {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
      request.end(body);
    });

  it('limits a peer outside the list as itself, whatever it forwards, and tells clients behind the listed proxy apart', async () => {
    const direct = [];
    for (let i = 0; i < 4; i++) direct.push(await subscribeFrom('127.0.0.3', `198.51.100.${i + 1}`));
    expect(direct).toEqual([201, 201, 429, 429]);
    // Behind the proxy, each client is the entry it appended: four clients, none limited...
    const behind = [];
    for (let i = 0; i < 4; i++) behind.push(await subscribeFrom('127.0.0.1', `203.0.113.${i + 1}`));
    expect(behind).toEqual([201, 201, 201, 201]);
    // ...and one client is counted as one, whatever it writes on the left.
    const one = [];
    for (let i = 0; i < 3; i++) one.push(await subscribeFrom('127.0.0.1', `192.0.2.${i + 1}, 203.0.113.99`));
    expect(one).toEqual([201, 201, 429]);
  });

  it('refuses to start behind a proxy without a secret and a public address', async () => {
    const started = startServe({
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
      TRUST_PROXY: '127.0.0.1',
    });
    await expect(started).rejects.toThrow(/HASH_SECRET and SITE_URL must be set .*TRUST_PROXY/);
  });
});
