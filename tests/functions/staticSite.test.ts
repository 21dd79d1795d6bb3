// `npm run serve` serves dist/ like the static host: clean URLs, _redirects shadowing, _headers, 404.html.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createStaticSite, type StaticSiteOptions } from '../../functions/server/staticSite.ts';
import { fixtureScript, makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { oneWait } from '../support/patience.ts';
import { behindProxy, repoRoot, runScript, type Served, startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

/** A page of a dist/ built without precompressed variants. */
const elsewhere = `<!doctype html><title>elsewhere</title>${'<p>built elsewhere</p>'.repeat(100)}`;

describeDb('static site', () => {
  let server: Served;
  let dist: string;

  beforeAll(async () => {
    dist = makeDistDir();
    fs.writeFileSync(`${dist}/elsewhere.html`, elsewhere);
    server = await startServe({
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: dist,
      ...(await behindProxy()),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

  /** A request sent as written: no URL normalising, no decoding of the answer. */
  function raw(target: string, headers: Record<string, string> = {}) {
    return new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        // `path`, not a URL: a URL would lose a fragment and resolve `..` before sending.
        http
          .get({ hostname, port, path: target, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      },
    );
  }

  /** Status and page title, the shortest proof of which file was served. */
  async function served(path: string) {
    const res = await get(path);
    const title = /<title>(.*?)<\/title>/.exec(await res.text())?.[1];
    return [res.status, title];
  }

  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/about.html', 'about'],
    ['/blog', 'blog'],
    ['/blog/1', 'blog 1'],
    ['/bg', 'bg home'],
    ['/bg/', 'bg home'],
    ['/bg/about', 'bg about'],
    ['/bg/blog/1', 'bg blog 1'],
    ['/guide', 'guide'],
    ['/guide/', 'guide'],
  ])('serves %s as the %s page with 200', async (path, title) => {
    expect(await served(path)).toEqual([200, title]);
  });

  it('serves exact files as they are, with their content type', async () => {
    const rss = await get('/rss.xml');
    expect([rss.status, rss.headers.get('content-type')]).toEqual([200, 'text/xml; charset=utf-8']);
    const svg = await get('/favicon.svg');
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    const js = await get('/_astro/app.js', { 'accept-encoding': 'identity' });
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(fixtureScript);
  });

  it('answers an unknown path with 404.html and status 404', async () => {
    expect(await served('/no/such/page')).toEqual([404, 'not found']);
    expect(await served('/nope.html')).toEqual([404, 'not found']);
  });

  it('answers the 404 pages asked for by name with status 404 too', async () => {
    for (const path of ['/404', '/404/', '/404.html']) expect(await served(path)).toEqual([404, 'not found']);
    // A page a 404 rule of _redirects shows.
    expect(await served('/bg/404')).toEqual([404, 'bg not found']);
    const page = await get('/404');
    expect([page.headers.get('etag'), page.headers.get('cache-control')]).toEqual([null, 'no-cache']);
  });

  it('ignores every Range header, answering the whole file with 200, and writes nothing to the log', async () => {
    const whole = (await raw('/about', { 'accept-encoding': 'identity' })).body;
    const ranges = [
      'bytes=0-9',
      'bytes=5-2',
      'garbage',
      'bytes=0-1,5-6',
      'bytes=',
      'bytes=-5',
      'bytes=99999999-',
    ];
    for (const range of ranges) {
      const res = await raw('/about', { range, 'accept-encoding': 'identity' });
      expect([range, res.status, res.headers['content-range'], res.body.equals(whole)]).toEqual([
        range,
        200,
        undefined,
        true,
      ]);
      // Nothing tells a client it may ask for a part.
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
    // The same for a file streamed from disk (over the memory limit).
    fs.writeFileSync(`${dist}/large.txt`, 'x'.repeat(300 * 1024));
    await vi.waitFor(async () => expect((await raw('/large.txt')).status).toBe(200), { timeout: oneWait });
    for (const range of ['bytes=-5', 'bytes=99999999-']) {
      const res = await raw('/large.txt', { range, 'accept-encoding': 'identity' });
      expect([res.status, res.body.length]).toEqual([200, 300 * 1024]);
    }
    expect(server.output()).not.toMatch(/failed|RangeError/);
  });

  it('applies _redirects only where no file exists (shadowing)', async () => {
    for (const path of ['/blog/999', '/blog/abc', '/blog/abc/']) {
      const res = await get(path);
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 302, '/blog']);
    }
    const bg = await get('/bg/blog/7?x=1');
    expect([bg.status, bg.headers.get('location')]).toEqual([302, '/bg/blog?x=1']);
    // A file answers first: no redirect for real articles.
    expect(await served('/blog/1')).toEqual([200, 'blog 1']);
    const moved = await get('/old');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/about']);
  });

  it('serves a 404 rewrite rule with its page and status 404', async () => {
    expect(await served('/bg/nothing-here')).toEqual([404, 'bg not found']);
  });

  it.each([
    '/_headers',
    '/_redirects',
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fetc/passwd',
    '/_astro/..%2f..%2f..%2fpackage.json',
    '/.git/config',
    '/%00',
    '/%E0%A4%A',
    '/a\\..\\..\\package.json',
    // A path is read up to a fragment, which only a raw client sends.
    '/_headers#x',
    '/_astro/app.js.br#x',
  ])('never serves %s (outside dist or the host files)', async (path) => {
    const res = await raw(path);
    const text = res.body.toString();
    expect(res.status).toBe(404);
    expect(text).not.toContain('"name": "important-advice"');
    expect(text).not.toContain('X-Frame-Options');
  });

  it('compresses text with br or gzip as the client accepts', async () => {
    const br = await get('/_astro/app.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await get('/_astro/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBeLessThan(fixtureScript.length);
    // fetch decodes transparently; the raw bytes must be real gzip of the file.
    const gzipped = await raw('/_astro/app.js', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(fixtureScript);
    const none = await get('/_astro/app.js', { 'accept-encoding': 'identity' });
    expect(none.headers.get('content-encoding')).toBeNull();
  });

  it("sends the build's precompressed file as it is, and the plain file where the build wrote none", async () => {
    const br = await raw('/_astro/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([br.headers['content-encoding'], br.headers['content-length']]).toEqual([
      'br',
      String(fs.statSync(`${dist}/_astro/app.js.br`).size),
    ]);
    expect(br.body.equals(fs.readFileSync(`${dist}/_astro/app.js.br`))).toBe(true);
    // The fixture pages are below the build's 1 KiB threshold: no variant, so no encoding, yet Vary.
    const page = await raw('/about', { 'accept-encoding': 'br, gzip' });
    expect([page.headers['content-encoding'], page.headers.vary]).toEqual([undefined, 'Accept-Encoding']);
    expect(page.body.toString()).toContain('<title>about</title>');
  });

  it('compresses on the fly, with a weak ETag, where the build wrote no variant', async () => {
    const res = await raw('/elsewhere', { 'accept-encoding': 'br, gzip' });
    expect([res.headers['content-encoding'], res.headers.vary]).toEqual(['gzip', 'Accept-Encoding']);
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString()).toBe(elsewhere);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    const again = await get('/elsewhere', {
      'accept-encoding': 'br, gzip',
      'if-none-match': res.headers.etag ?? '',
    });
    expect(again.status).toBe(304);
    // Not for a client that takes no gzip; a Range changes nothing (it is ignored: the whole page, gzipped).
    const plain = await raw('/elsewhere', { 'accept-encoding': 'identity' });
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, elsewhere]);
    const range = await raw('/elsewhere', { 'accept-encoding': 'gzip', range: 'bytes=0-14' });
    expect([range.status, range.headers['content-encoding'], zlib.gunzipSync(range.body).toString()]).toEqual(
      [200, 'gzip', elsewhere],
    );
  });

  it('never serves the encoded variants as pages of their own', async () => {
    for (const path of ['/_astro/app.js.br', '/_astro/app.js.gz']) {
      const res = await raw(path, { 'accept-encoding': 'identity' });
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body.toString()).toContain('<title>not found</title>');
    }
  });

  it('answers 304 for the precompressed variant by its own ETag', async () => {
    const first = await get('/_astro/app.js', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('content-encoding')).toBe('br');
    const again = await get('/_astro/app.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect([again.status, again.headers.get('etag'), again.headers.get('vary')]).toEqual([
      304,
      etag,
      'Accept-Encoding',
    ]);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The plain file is another representation: a client holding the br copy gets it whole.
    const plain = await get('/_astro/app.js', { 'accept-encoding': 'identity', 'if-none-match': etag });
    expect([plain.status, await plain.text()]).toEqual([200, fixtureScript]);
  });

  it('never reads outside dist, whatever the spelling of the way out', async () => {
    const secret = `${path.basename(dist)}-secret.txt`;
    fs.writeFileSync(path.join(dist, '..', secret), 'top secret');
    for (const target of [
      `/../${secret}`,
      `/%2e%2e/${secret}`,
      `/.%2e/${secret}`,
      `/..%2f${secret}`,
      `/_astro/..%2f..%2f${secret}`,
      `/_astro/%2e%2e%2f%2e%2e%2f${secret}`,
      `/..\\${secret}`,
      `/_astro/..%5c..%5c${secret}`,
      `//../${secret}`,
      `/%00/../${secret}`,
    ]) {
      const res = await raw(target);
      expect([target, res.status]).toEqual([target, 404]);
      expect(res.body.toString()).not.toContain('top secret');
    }
  });

  it('answers a repeated request with 304 via its ETag', async () => {
    const first = await get('/about', { 'accept-encoding': 'identity' });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^(W\/)?".+"$/);
    // The one validator: no Last-Modified (its bytes are in every page's first flight).
    expect(first.headers.has('last-modified')).toBe(false);
    const again = await get('/about', { 'if-none-match': etag });
    expect([again.status, again.headers.get('vary')]).toEqual([304, 'Accept-Encoding']);
    expect((await get('/about', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('serves a new build once dist/ has settled: new files, and changed ones whatever ETag the client holds', async () => {
    const file = `${dist}/changing.html`;
    fs.writeFileSync(file, '<!doctype html><title>old</title>');
    // The index is taken again a moment after dist/ changes.
    await vi.waitFor(async () => expect(await served('/changing')).toEqual([200, 'old']), {
      timeout: oneWait,
    });
    const old = (await get('/changing')).headers.get('etag') ?? '';
    fs.writeFileSync(file, '<!doctype html><title>new</title>');
    const later = new Date(Date.now() + 10_000);
    fs.utimesSync(file, later, later);
    await vi.waitFor(
      async () => {
        const res = await get('/changing', { 'if-none-match': old });
        expect([res.status, await res.text()]).toEqual([200, '<!doctype html><title>new</title>']);
        expect(res.headers.get('etag')).not.toBe(old);
      },
      { timeout: oneWait },
    );
  });

  it('keeps running when a file goes away before the index is taken again', async () => {
    // Over the memory limit (256 KiB): streamed from disk.
    const file = `${dist}/going.html`;
    fs.writeFileSync(file, `<!doctype html><title>going</title>${' '.repeat(300 * 1024)}`);
    // Held in memory: answered from there until the index is taken again.
    const small = `${dist}/going-small.html`;
    fs.writeFileSync(small, '<!doctype html><title>going small</title>');
    await vi.waitFor(
      async () => {
        expect(await served('/going')).toEqual([200, 'going']);
        expect(await served('/going-small')).toEqual([200, 'going small']);
      },
      { timeout: oneWait },
    );
    fs.rmSync(file);
    fs.rmSync(small);
    // At once, while the index still lists it: the answer is cut short (or a 404 once it is taken again).
    const status = await raw('/going').then(
      (res) => res.status,
      () => 'cut',
    );
    expect([404, 'cut']).toContain(status);
    expect([
      [200, 'going small'],
      [404, 'not found'],
    ]).toContainEqual(await served('/going-small'));
    expect(await served('/about')).toEqual([200, 'about']);
    await vi.waitFor(
      async () => {
        expect(await served('/going')).toEqual([404, 'not found']);
        expect(await served('/going-small')).toEqual([404, 'not found']);
      },
      { timeout: oneWait },
    );
  });

  it('takes Cache-Control from _headers (immutable assets) and revalidates pages by default', async () => {
    expect((await get('/_astro/app.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/about')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${server.url}/about`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });

  it('refuses other methods on pages with 405', async () => {
    const res = await fetch(`${server.url}/about`, { method: 'PUT', body: 'x' });
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it("sends the pages' security headers and their CSP from _headers on pages, 404s included", async () => {
    for (const path of ['/', '/about', '/no/such']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      // An unknown path's 404 keeps the headers of the page it shows (/404).
      expect(csp).toContain("script-src 'self' 'sha256-abc'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it("sends a page's own headers with pages only, not with scripts, fonts or redirects", async () => {
    for (const path of ['/_astro/app.js', '/favicon.svg', '/blog/999']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options'])
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
    }
  });

  it('sends HSTS only when the request came over HTTPS (trusted X-Forwarded-Proto)', async () => {
    expect((await get('/about')).headers.get('strict-transport-security')).toBeNull();
    const https = await get('/about', { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('uses a strict default CSP where _headers gives none', async () => {
    const bare = makeDistDir();
    fs.rmSync(`${bare}/_headers`);
    const other = await startServe({
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: bare,
    });
    try {
      const res = await fetch(`${other.url}/about`);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
      );
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      // Not behind a trusted proxy: X-Forwarded-Proto is not believed.
      const spoofed = await fetch(`${other.url}/about`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await other.stop();
    }
  });

  it('refuses to start without a built site, and says to build', async () => {
    const run = await runScript('functions/server/serve.ts', [], {
      DIST_DIR: `${tempDir('empty')}/dist`,
      PORT: '0',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Run `npm run build` first');
  });

  it('refuses to start with a bad setting, naming the variable', async () => {
    const run = await runScript('functions/server/serve.ts', [], {
      DIST_DIR: dist,
      SUBSCRIBE_LIMIT_PER_HOUR: 'lots',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment variable SUBSCRIBE_LIMIT_PER_HOUR');
  });
});

interface Exchanged {
  status?: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request sent as written (no URL normalising, no decoding): status, headers but Date, and bytes. */
function exchange(url: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<Exchanged>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { date, ...rest } = res.headers;
          resolve({ status: res.statusCode, headers: rest, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}

/** The static site alone in this process, as serve.ts runs it (HTTPS as X-Forwarded-Proto says). */
async function startSite(dist: string, options: StaticSiteOptions = {}) {
  const site = await createStaticSite(dist, options);
  const server = http.createServer((request, response) =>
    site.handle(request, response, request.headers['x-forwarded-proto'] === 'https'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    site.close();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { url, site, close };
}

const stylesheet = `${'body { color: #222; margin: 0 auto; }\n'.repeat(80)}`;

/** The fixture dist/ with a stylesheet and its variants, a font, and a page the build wrote none for. */
function memoryDist() {
  const dist = makeDistDir();
  fs.writeFileSync(`${dist}/_astro/font.woff2`, Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3]));
  fs.writeFileSync(`${dist}/_astro/site.css`, stylesheet);
  fs.writeFileSync(`${dist}/_astro/site.css.br`, zlib.brotliCompressSync(stylesheet));
  fs.writeFileSync(`${dist}/_astro/site.css.gz`, zlib.gzipSync(stylesheet));
  fs.writeFileSync(`${dist}/elsewhere.html`, elsewhere);
  return dist;
}

describe('static files held in memory', () => {
  let dist: string;
  let memory: Awaited<ReturnType<typeof startSite>>;
  let disk: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    dist = memoryDist();
    memory = await startSite(dist);
    disk = await startSite(dist, { memory: false });
  });
  afterAll(async () => {
    await memory?.close();
    await disk?.close();
  });

  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  it.each<[string, string, Record<string, string>]>([
    ['GET', '/', {}],
    ['GET', '/', browser],
    ['GET', '/bg/', browser],
    ['GET', '/about', {}],
    ['GET', '/about/', { 'accept-encoding': 'br' }],
    ['GET', '/about.html', {}],
    ['GET', '/%61bout?x=1', {}],
    ['GET', '/guide/', {}],
    ['GET', '/blog/1', { 'x-forwarded-proto': 'https' }],
    ['GET', '/_astro/app.js', browser],
    ['GET', '/_astro/app.js', { 'accept-encoding': 'gzip' }],
    ['GET', '/_astro/app.js', { 'accept-encoding': 'identity' }],
    ['GET', '/_astro/site.css', browser],
    ['GET', '/_astro/site.css', { 'accept-encoding': 'gzip' }],
    ['GET', '/_astro/site.css', {}],
    ['GET', '/_astro/font.woff2', browser],
    ['GET', '/rss.xml', {}],
    ['GET', '/favicon.svg', {}],
    ['GET', '/elsewhere', { 'accept-encoding': 'gzip' }],
    ['GET', '/elsewhere', { 'accept-encoding': 'identity' }],
    ['GET', '/no/such/page', browser],
    ['GET', '/bg/nothing-here', {}],
    ['GET', '/_astro/app.js.br', {}],
    ['GET', '/blog/999', {}],
    ['GET', '/old?x=1', {}],
    ['HEAD', '/about', {}],
    ['HEAD', '/_astro/app.js', browser],
    ['HEAD', '/elsewhere', { 'accept-encoding': 'gzip' }],
    ['HEAD', '/no/such/page', {}],
    ['GET', '/about', { range: 'bytes=0-9' }],
    ['GET', '/404', {}],
    ['GET', '/bg/404', {}],
  ])('answers %s %s %j from memory as it is answered from disk', async (method, target, headers) => {
    const fromDisk = await exchange(disk.url + target, method, headers);
    const fromMemory = await exchange(memory.url + target, method, headers);
    expect(fromMemory).toEqual(fromDisk);
    // And again as a client holding the answer's ETag revalidates (a 304 where it matches).
    const etag = fromDisk.headers.etag;
    if (!etag) return;
    const revalidate = { ...headers, 'if-none-match': etag };
    const again = await exchange(memory.url + target, method, revalidate);
    expect(again).toEqual(await exchange(disk.url + target, method, revalidate));
    if (fromDisk.status === 200) expect(again.status).toBe(304);
  });

  it.each(['bytes=5-20', 'bytes=-5', 'bytes=99999999-', 'bytes=0-1,5-6'])(
    'answers Range: %s with the whole file, from memory and from disk, with If-Range or HEAD too',
    async (range) => {
      for (const site of [memory, disk]) {
        const url = `${site.url}/_astro/app.js`;
        const plain = { 'accept-encoding': 'identity', range };
        const { headers } = await exchange(url, 'GET', plain);
        for (const ifRange of [undefined, 'Sat, 28 Nov 2026 08:00:00 GMT', headers.etag]) {
          const res = await exchange(url, 'GET', { ...plain, ...(ifRange ? { 'if-range': ifRange } : {}) });
          expect([res.status, res.headers['content-range'], res.body.toString()]).toEqual([
            200,
            undefined,
            fixtureScript,
          ]);
        }
        const head = await exchange(url, 'HEAD', plain);
        expect([head.status, head.headers['content-length']]).toEqual([200, String(fixtureScript.length)]);
      }
    },
  );

  it('leaves files over the limits on disk, even where a smaller variant of the same path is held', async () => {
    const brotli = fs.statSync(`${dist}/_astro/app.js.br`).size;
    // The .br over the limit per file, the plain file and small pages under it.
    const limited = await startSite(dist, { memory: { fileBytes: brotli - 1, totalBytes: 64 << 20 } });
    // A budget for one small page at most.
    const tight = await startSite(dist, { memory: { fileBytes: 256 << 10, totalBytes: 1000 } });
    try {
      for (const site of [limited, tight]) {
        for (const [target, headers] of [
          ['/_astro/app.js', browser],
          ['/_astro/app.js', { 'accept-encoding': 'identity' }],
          ['/about', {}],
          ['/', browser],
        ] as const) {
          const expected = await exchange(disk.url + target, 'GET', headers);
          expect(await exchange(site.url + target, 'GET', headers)).toEqual(expected);
        }
      }
      const br = await exchange(`${limited.url}/_astro/app.js`, 'GET', browser);
      expect(br.body.equals(fs.readFileSync(`${dist}/_astro/app.js.br`))).toBe(true);
    } finally {
      await limited.close();
      await tight.close();
    }
  });

  it('serves a rebuilt file from memory with its new bytes', async () => {
    const own = memoryDist();
    const site = await startSite(own);
    const file = `${own}/changing.html`;
    try {
      fs.writeFileSync(file, '<!doctype html><title>one</title>');
      const later = new Date(Date.now() + 10_000);
      fs.utimesSync(file, later, later);
      await vi.waitFor(
        async () => expect((await exchange(`${site.url}/changing`)).body.toString()).toContain('one'),
        { timeout: oneWait },
      );
      fs.writeFileSync(file, '<!doctype html><title>two</title>');
      await vi.waitFor(
        async () => expect((await exchange(`${site.url}/changing`)).body.toString()).toContain('two'),
        { timeout: oneWait },
      );
      const rebuilt = await exchange(`${site.url}/changing`);
      // Proof it is memory that answers: with dist/ no longer watched, the same-sized bytes written on
      // disk under the same date (so the index and its ETag still fit them) are not read.
      site.site.close();
      const stats = fs.statSync(file);
      fs.writeFileSync(file, '<!doctype html><title>TWO</title>');
      fs.utimesSync(file, stats.atime, stats.mtime);
      expect(await exchange(`${site.url}/changing`)).toEqual(rebuilt);
      // From disk, the bytes there now are sent.
      const fromDisk = await startSite(own, { memory: false });
      try {
        const onDisk = await exchange(`${fromDisk.url}/changing`);
        expect([onDisk.body.toString(), onDisk.headers.etag]).toEqual([
          '<!doctype html><title>TWO</title>',
          rebuilt.headers.etag,
        ]);
      } finally {
        await fromDisk.close();
      }
    } finally {
      await site.close();
    }
  });
});

/** `npm run build` (functions/server/publish.ts) of the small real site tests/fixtures/site, published at `link`. */
const publishFixture = (link: string) =>
  runScript('functions/server/publish.ts', ['--root', 'tests/fixtures/site', '--outDir', link], {});

/**
 * A folder for builds inside the project: Astro writes its server build beside an outDir under the
 * working folder, but into one shared .astro/.prerender/ for any other, which builds running at the same
 * time (the unit tests build the fixture too) remove from under each other.
 */
function buildsFolder(prefix: string): string {
  const parent = path.join(repoRoot, 'node_modules/.cache/tests');
  fs.mkdirSync(parent, { recursive: true });
  const folder = fs.mkdtempSync(path.join(parent, `${prefix}-`));
  onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * Asks for `paths` every 20 ms until `stop` is called; `check` judges each answer (or its failure) and
 * returns what was wrong with it, if anything.
 */
function askEvery20ms(
  url: string,
  paths: string[],
  check: (path: string, res?: Exchanged) => string | undefined,
) {
  const wrong: string[] = [];
  let asked = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        paths.map(async (path) => {
          const res = await exchange(url + path).catch(() => undefined);
          asked++;
          const problem = check(path, res);
          if (problem) wrong.push(`${path}: ${problem}`);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { asked, wrong };
    },
  };
}

describe('publishing a new build while serving', () => {
  it('answers /, /bg/ and /blog/1 with 200 through a whole real rebuild, then from the new build', async () => {
    const link = path.join(buildsFolder('publish'), 'dist');
    const first = await publishFixture(link);
    expect(first.code, first.stderr).toBe(0);
    // A quiet build: what Astro, Vite, React and Tailwind print today carries no warning.
    expect(first.stdout + first.stderr).not.toContain('[WARN]');
    // A build older than the one being served, as an earlier publish would have left it.
    const older = path.join(`${link}-builds`, '2000-01-01T00-00-00-000Z');
    fs.mkdirSync(older);
    const site = await startSite(link);
    try {
      const before = (await exchange(`${site.url}/`)).headers.etag;
      const asking = askEvery20ms(site.url, ['/', '/bg/', '/blog/1'], (_path, res) =>
        res?.status === 200 ? undefined : String(res?.status ?? 'no answer'),
      );
      const second = await publishFixture(link);
      expect(second.code, second.stderr).toBe(0);
      // The server reads the new build a moment after the switch: new files, new validators.
      await vi.waitFor(async () => expect((await exchange(`${site.url}/`)).headers.etag).not.toBe(before), {
        timeout: oneWait,
      });
      const { asked, wrong } = await asking.stop();
      expect(wrong).toEqual([]);
      // Through the whole build: a real one takes seconds.
      expect(asked).toBeGreaterThan(60);
      // The new build and the one before it stay (a server may still answer from that one for a moment);
      // the one before that is gone.
      const builds = fs.readdirSync(`${link}-builds`).filter((name) => !name.endsWith('-raw'));
      expect(builds).toHaveLength(2);
      expect(builds).not.toContain(path.basename(older));
      expect(path.basename(fs.realpathSync(link))).toBe(builds.sort().at(-1));
    } finally {
      await site.close();
    }
  });

  it('keeps the build it publishes when the one served before has a name of its own', async () => {
    const link = path.join(buildsFolder('publish-named'), 'dist');
    // A build copied in by hand: its name sorts after every time stamp.
    const byHand = path.join(`${link}-builds`, 'by-hand');
    fs.mkdirSync(byHand, { recursive: true });
    fs.writeFileSync(path.join(byHand, 'index.html'), '<!doctype html><title>by hand</title>');
    fs.symlinkSync(path.relative(path.dirname(link), byHand), link, 'dir');
    const published = await publishFixture(link);
    expect(published.code, published.stderr).toBe(0);
    expect(fs.existsSync(path.join(link, 'index.html'))).toBe(true);
    expect(path.basename(fs.realpathSync(link))).not.toBe('by-hand');
  });

  it('prints its usage for --help and publishes nothing when Astro builds nothing', async () => {
    const link = path.join(tempDir('publish-help'), 'dist');
    const help = await runScript('functions/server/publish.ts', ['--outDir', link, '--help'], {});
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: npm run build')]);
    expect(fs.existsSync(`${link}-builds`)).toBe(false);
    // Astro prints its version and stops: an empty folder is not published.
    const version = await runScript('functions/server/publish.ts', ['--outDir', link, '--version'], {});
    expect([version.code, version.stderr]).toEqual([1, expect.stringContaining('Nothing published')]);
    expect([fs.existsSync(link), fs.readdirSync(`${link}-builds`)]).toEqual([false, []]);
  });

  it('switches pages, _headers and _redirects together when the link moves to another build', async () => {
    const folder = tempDir('switch');
    /** A build whose home page, a header and a redirect all name it. */
    const build = (name: string) => {
      const dist = makeDistDir();
      fs.writeFileSync(`${dist}/index.html`, `<!doctype html><title>home ${name}</title>`);
      fs.appendFileSync(`${dist}/_headers`, `\n/*\n  X-Build: ${name}\n`);
      fs.appendFileSync(`${dist}/_redirects`, `/moved  /${name}  301\n`);
      return dist;
    };
    const link = path.join(folder, 'dist');
    fs.symlinkSync(build('a'), link);
    const site = await startSite(link);
    const seen = new Set<string>();
    try {
      const asking = askEvery20ms(site.url, ['/', '/moved'], (path, res) => {
        if (!res) return 'no answer';
        const build = String(res.headers['x-build']);
        seen.add(build);
        const own = path === '/' ? /<title>home (\w+)/.exec(res.body.toString())?.[1] : res.headers.location;
        return own === (path === '/' ? build : `/${build}`)
          ? undefined
          : `${own} with the headers of ${build}`;
      });
      await vi.waitFor(() => expect(seen).toContain('a'), { timeout: oneWait });
      // As publish.ts switches: a new link renamed over the old one.
      fs.symlinkSync(build('b'), `${link}.next`);
      fs.renameSync(`${link}.next`, link);
      await vi.waitFor(() => expect(seen).toContain('b'), { timeout: oneWait });
      const { wrong } = await asking.stop();
      expect(wrong).toEqual([]);
      expect((await exchange(`${site.url}/`)).headers['x-build']).toBe('b');
    } finally {
      await site.close();
    }
  });
});
