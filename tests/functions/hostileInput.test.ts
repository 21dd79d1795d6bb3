// Hostile and broken input never hurts: the right 4xx every time, never a 500, nothing executed.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bodyLimitBytes, errorMessages } from '../../functions/contract.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { getJson, postJson, sessionId, uniqueClient, uniqueEmail } from '../support/http.ts';
import { behindProxy, type Served, startServe } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

/** A raw HTTP/1.1 POST, for what fetch will not send (chunked bodies, lying lengths). */
function rawPost(url: string, chunks: string[], headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const validBodies: Record<string, Record<string, unknown>> = {
  '/subscribe': { email: 'x@example.com' },
  '/tip-ratings': { tipId: 'en_5', language: 'en', rating: 1, sessionId: 'session-123456' },
  '/articles/1/rating': { rating: 4, email: 'x@example.com' },
  '/articles/1/comments': { name: 'Ana', comment: 'Hi', language: 'en' },
};
const routes = Object.keys(validBodies);

describeDb('hostile input', () => {
  let server: Served;
  let api: string;

  beforeAll(async () => {
    server = await startServe({
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
      ...(await behindProxy()),
      ALLOWED_ORIGINS: 'https://friend.example, https://other.example/',
      SUBSCRIBE_LIMIT_PER_HOUR: '0',
      COMMENT_LIMIT_PER_HOUR: '0',
      RATING_LIMIT_PER_HOUR: '0',
    });
    api = `${server.url}/api`;
  });
  afterAll(async () => {
    await server?.stop();
    // Whatever was thrown at it, the server never logged a failure.
    expect(server.output()).not.toMatch(/failed:|Error:/);
  });

  // ---- Size ----

  it.each(routes)('refuses a body over the limit (16 KiB) on %s with 413', async (route) => {
    const res = await postJson(`${api}${route}`, {
      ...validBodies[route],
      padding: 'x'.repeat(bodyLimitBytes),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body too large' });
    // The rest of the body may still be on its way: no client may reuse this connection.
    expect(res.headers.get('connection')).toBe('close');
  });

  it('refuses an oversized chunked body (no Content-Length) with 413', async () => {
    const chunk = 'x'.repeat(1024);
    const res = await rawPost(`${api}/subscribe`, ['{"email":"', ...Array(20).fill(chunk), '"}'], {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'Request body too large' });
  });

  it('accepts a body of exactly the limit', async () => {
    const email = uniqueEmail();
    const base = JSON.stringify({ email });
    const body = `${base.slice(0, -1)}${' '.repeat(bodyLimitBytes - base.length)}}`;
    expect(body.length).toBe(bodyLimitBytes);
    expect((await postJson(`${api}/subscribe`, body)).status).toBe(201);
  });

  // ---- Content type and JSON ----

  it.each([
    ['no Content-Type', undefined],
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSON look-alike', 'application/jsonx'],
  ])('refuses %s with 415', async (_, type) => {
    for (const route of routes) {
      const res = await fetch(`${api}${route}`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: type ? JSON.stringify(validBodies[route]) : new Uint8Array(Buffer.from('{}')),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: 'Content-Type must be application/json' });
    }
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await postJson(
      `${api}/subscribe`,
      { email: uniqueEmail() },
      { 'content-type': 'Application/JSON; charset=utf-8' },
    );
    expect(res.status).toBe(201);
  });

  it.each(['{', '', '{"email":', '[1,2', "{'email':'a@b.co'}", 'undefined', '{"a":1}}', '\u0000'])(
    'refuses malformed JSON %j with 400',
    async (body) => {
      for (const route of routes) {
        const res = await postJson(`${api}${route}`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'Malformed JSON' });
      }
    },
  );

  it.each(['null', '[]', '"a@b.co"', '123', 'true', '[{"email":"a@b.co"}]'])(
    'refuses JSON %s that is not an object with 400',
    async (body) => {
      for (const route of ['/tip-ratings', '/articles/1/rating', '/articles/1/comments']) {
        const res = await postJson(`${api}${route}`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: errorMessages.bodyNotObject });
      }
      const res = await postJson(`${api}/subscribe`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: errorMessages.bodyNotObject });
    },
  );

  // ---- Cross-site ----

  it.each(['https://evil.example', 'null', 'http://127.0.0.1', 'https://friend.example.evil.example'])(
    'refuses a POST from origin %s with 403 on every route',
    async (origin) => {
      for (const route of routes) {
        const res = await postJson(`${api}${route}`, validBodies[route], { origin });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'Cross-site request refused' });
      }
    },
  );

  it('accepts a POST from its own origin, from ALLOWED_ORIGINS, and without Origin', async () => {
    for (const origin of [server.url, 'https://friend.example', 'https://other.example', undefined]) {
      const res = await postJson(`${api}/subscribe`, { email: uniqueEmail() }, origin ? { origin } : {});
      expect(res.status).toBe(201);
    }
  });

  it('accepts the public origin a trusted proxy forwards', async () => {
    const res = await postJson(
      `${api}/subscribe`,
      { email: uniqueEmail() },
      {
        origin: 'https://advice.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'advice.example',
      },
    );
    expect(res.status).toBe(201);
  });

  it('answers the CORS preflight of an ALLOWED_ORIGINS page, and names only that origin', async () => {
    const preflight = await fetch(`${api}/subscribe`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://friend.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://friend.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');

    const post = await postJson(
      `${api}/subscribe`,
      { email: uniqueEmail() },
      { origin: 'https://friend.example' },
    );
    expect(post.headers.get('access-control-allow-origin')).toBe('https://friend.example');

    const foreign = await fetch(`${api}/subscribe`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${api}/articles/1/comments`, { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not refuse GETs that carry a foreign Origin (reads are public)', async () => {
    expect((await getJson(`${api}/articles/1/comments`, { origin: 'https://evil.example' })).status).toBe(
      200,
    );
  });

  // ---- Wrong types everywhere ----

  const wrongValues = [null, true, 0, -1, 1e308, 'x', '', [], ['a'], {}, { $ne: null }];

  it('answers every wrong type in every field with 400 and a message, never 500', async () => {
    for (const route of routes) {
      for (const field of Object.keys(validBodies[route] ?? {})) {
        for (const value of wrongValues) {
          const body = { ...validBodies[route], [field]: value };
          const res = await postJson(`${api}${route}`, body, uniqueClient());
          // Some "wrong" values are valid for some fields (e.g. 0 for a tip rating): they succeed.
          expect([200, 201, 400, 409], `${route} ${field}=${JSON.stringify(value)}`).toContain(res.status);
          if (res.status === 400) expect(typeof res.body.error).toBe('string');
        }
      }
    }
  });

  it.each([
    ['a NUL in a comment', '/articles/1/comments', { name: 'a', comment: 'x\u0000y', language: 'en' }],
    ['a NUL in a name', '/articles/1/comments', { name: 'a\u0000', comment: 'x', language: 'en' }],
    ['a NUL in an e-mail', '/subscribe', { email: 'a\u0000@example.com' }],
    ['a NUL in a rating e-mail', '/articles/1/rating', { rating: 3, email: 'a@exa\u0000mple.com' }],
    [
      'a NUL in a tip id',
      '/tip-ratings',
      { tipId: 'en_5\u0000', language: 'en', rating: 1, sessionId: sessionId() },
    ],
  ])('refuses %s with 400, not a database error', async (_, route, body) => {
    const res = await postJson(`${api}${route}`, body);
    expect(res.status).toBe(400);
  });

  it('ignores unknown and prototype-polluting keys', async () => {
    const body = `{"email":"${uniqueEmail()}","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"extra":1}`;
    expect((await postJson(`${api}/subscribe`, body)).status).toBe(201);
  });

  it('treats SQL in an e-mail as text: stored once, matched exactly', async () => {
    const email = `x'or'1'='1@example.com`;
    const first = await postJson(`${api}/subscribe`, { email });
    expect(first.status).toBe(201);
    // The same address again: still pending, told its letter is on its way.
    expect((await postJson(`${api}/subscribe`, { email })).body).toEqual({ success: true, pending: true });
    expect((await postJson(`${api}/subscribe`, { email: `y'or'1'='1@example.com` })).status).toBe(201);
  });

  it.each([
    '/api/articles/%00/comments',
    '/api/articles/1%2F..%2F..%2Frating/comments',
    '/api/articles/../../etc/passwd',
    '/api/articles/1/comments/../rating',
    '/api/articles/1/comments?name=<script>',
    '/api/%E0%A4%A',
    `/api/articles/${'9'.repeat(500)}/rating`,
  ])('answers a strange path %s without a 500', async (route) => {
    const res = await fetch(`${server.url}${route}`);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type') ?? '').toMatch(/json|html|text/);
  });

  it('answers a request line with a huge header without crashing', async () => {
    const res = await fetch(`${api}/health`, { headers: { 'x-forwarded-for': 'x'.repeat(8000) } });
    expect([200, 431]).toContain(res.status);
    expect((await fetch(`${api}/health`)).status).toBe(200);
  });
});
