// The small pure pieces: configuration, client keys, link detection, host-file rules.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { socketFetch } from '../../functions/admin/adminSocket.ts';
import { operatorPath } from '../../functions/cli/commandLine.ts';
import { loadConfig } from '../../functions/config.ts';
import { containsLink } from '../../functions/containsLink.ts';
import { libpqEnv, portableDump } from '../../functions/db/dump.ts';
import { connectTimeoutMs } from '../../functions/db/postgres.ts';
import {
  checkConfirmToken,
  checkUnsubscribeToken,
  confirmToken,
  unsubscribeToken,
} from '../../functions/mail/tokens.ts';
import { clientKey, keyedHash, normaliseAddress } from '../../functions/security/clientKey.ts';
import {
  clientAddress,
  forwarded,
  isHttps,
  noProxy,
  parseTrustProxy,
  trustFor,
  trustsProxies,
} from '../../functions/security/trustProxy.ts';
import { headersFor, readHeaders, readRedirects, redirectTarget } from '../../functions/server/hostRules.ts';
import { tempDir } from '../support/tempDirs.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      pgPoolMax: 10,
      hashSecret: undefined,
      trustProxy: { hops: 0, platform: undefined },
      allowedOrigins: [],
      limits: { subscribe: 5, comment: 10, rating: 60 },
      geoCountryHeader: undefined,
      host: '127.0.0.1',
      port: 4321,
      distDir: path.resolve('dist'),
      backup: { dir: undefined, keep: 7 },
    });
    expect(config.contentDir).toBe(path.resolve('content'));
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://u:p@db.example:5432/advice',
      DATA_DIR: '/var/lib/advice',
      PG_POOL_MAX: '3',
      HASH_SECRET: 's'.repeat(32),
      TRUST_PROXY: 'TRUE',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/ ,',
      SUBSCRIBE_LIMIT_PER_HOUR: '0',
      COMMENT_LIMIT_PER_HOUR: '',
      RATING_LIMIT_PER_HOUR: '7',
      GEO_COUNTRY_HEADER: 'X-Country-Code',
      PORT: '0',
      BACKUP_DIR: '/var/backups/advice',
      BACKUP_KEEP: '3',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://u:p@db.example:5432/advice',
      dataDir: '/var/lib/advice',
      pgPoolMax: 3,
      trustProxy: { hops: 1, platform: undefined },
      allowedOrigins: ['https://a.example', 'https://b.example'],
      limits: { subscribe: 0, comment: 10, rating: 7 },
      geoCountryHeader: 'x-country-code',
      port: 0,
      backup: { dir: '/var/backups/advice', keep: 3 },
    });
  });

  it.each([
    ['TRUST_PROXY', 'maybe', /number of proxies/],
    ['SUBSCRIBE_LIMIT_PER_HOUR', '-1', /whole number/],
    ['COMMENT_LIMIT_PER_HOUR', '2.5', /whole number/],
    ['RATING_LIMIT_PER_HOUR', 'many', /whole number/],
    ['PORT', '70000', /port number/],
    ['PG_POOL_MAX', '0', /at least 1/],
    ['ALLOWED_ORIGINS', 'not a url', /origins/],
    ['GEO_COUNTRY_HEADER', 'bad header!', /header name/],
    ['BACKUP_KEEP', '0', /at least 1/],
  ])('refuses a bad %s, naming it and the value', (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
    expect(() => loadConfig({ [name]: value })).toThrow(reason);
    expect(() => loadConfig({ [name]: value })).toThrow(JSON.stringify(value));
  });

  it.each([
    ['DATABASE_URL', 'mysql://user:pa55word@db', /postgres:\/\//],
    ['HASH_SECRET', 'short-secret-value', /at least 32 characters/],
    ['SMTP_URL', 'http://user:pa55word@mail', /smtp:\/\//],
  ])('refuses a bad %s without showing its value, which may be a password', (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
    expect(() => loadConfig({ [name]: value })).toThrow(reason);
    expect(() => loadConfig({ [name]: value })).toThrow('(its value is not shown)');
    expect(() => loadConfig({ [name]: value })).not.toThrow(value);
  });
});

describe('backups as plain SQL', () => {
  it("hands pg_dump the connection in libpq's variables, the password never as an argument", () => {
    expect(libpqEnv('postgres://ad%40min:p%2Fss@db.example:6543/advice?sslmode=require')).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'ad@min',
      PGPASSWORD: 'p/ss',
      PGDATABASE: 'advice',
      PGSSLMODE: 'require',
    });
    expect(libpqEnv('postgresql:///advice?host=/var/run/postgresql')).toEqual({
      PGHOST: '/var/run/postgresql',
      PGDATABASE: 'advice',
    });
  });

  it('leaves out what only psql or a newer server reads', () => {
    const dump =
      '\\restrict abc\nSET statement_timeout = 0;\nSET transaction_timeout = 0;\nCREATE TABLE t ();\n\\unrestrict abc\n';
    const portable = portableDump(dump);
    expect(portable).not.toMatch(/^\\|^SET transaction_timeout/m);
    expect(portable).toContain('SET statement_timeout = 0;\n');
    expect(portable).toContain('CREATE TABLE t ();');
  });
});

describe("the operator's files", () => {
  it('are found where the operator typed their names, not where npm run moved to', () => {
    const before = process.env.INIT_CWD;
    process.env.INIT_CWD = '/home/operator/backups';
    try {
      expect(operatorPath('site.sql')).toBe('/home/operator/backups/site.sql');
      expect(operatorPath('/srv/site.sql')).toBe('/srv/site.sql');
    } finally {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  });
});

describe('the PostgreSQL connect timeout', () => {
  it("takes libpq's connect_timeout (seconds) from DATABASE_URL, else 5 s", () => {
    expect(connectTimeoutMs('postgres://u@db.example/advice')).toBe(5000);
    expect(connectTimeoutMs('postgres://u@db.example/advice?sslmode=require&connect_timeout=12')).toBe(
      12_000,
    );
    expect(connectTimeoutMs('postgres://u@db.example/advice?connect_timeout=0')).toBe(5000);
    expect(connectTimeoutMs('postgres://u@db.example/advice?connect_timeout=soon')).toBe(5000);
  });
});

describe('client keys', () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it('uses the socket address unless TRUST_PROXY, then the entry the outermost trusted proxy appended', () => {
    const one = { hops: 1, platform: undefined };
    const two = { hops: 2, platform: undefined };
    const forwardedFor = headers({ 'x-forwarded-for': '198.51.100.66, 203.0.113.5, 10.0.0.1' });
    expect(clientAddress(forwardedFor, '127.0.0.1', noProxy)).toBe('127.0.0.1');
    // One proxy: it appended the rightmost entry; the two on its left are the client's own text.
    expect(clientAddress(forwardedFor, '127.0.0.1', one)).toBe('10.0.0.1');
    expect(clientAddress(forwardedFor, '127.0.0.1', two)).toBe('203.0.113.5');
    // More proxies configured than entries: the leftmost, never past it.
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.5' }), '127.0.0.1', two)).toBe(
      '203.0.113.5',
    );
    // Not an address: no proxy wrote it, so the nearest trusted one is the client.
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.5, junk' }), '127.0.0.1', two)).toBe(
      '127.0.0.1',
    );
    expect(clientAddress(headers({}), '127.0.0.1', one)).toBe('127.0.0.1');
    // A platform's header counts only when TRUST_PROXY names that platform.
    const withCloudflare = headers({ ...Object.fromEntries(forwardedFor), 'cf-connecting-ip': '192.0.2.44' });
    expect(clientAddress(withCloudflare, '127.0.0.1', one)).toBe('10.0.0.1');
    expect(clientAddress(withCloudflare, '127.0.0.1', { hops: 1, platform: 'netlify' })).toBe('10.0.0.1');
    expect(clientAddress(withCloudflare, '127.0.0.1', { hops: 1, platform: 'cloudflare' })).toBe(
      '192.0.2.44',
    );
    // No socket (serverless) and no trusted proxy: nobody vouches for an address.
    expect(clientAddress(forwardedFor, undefined, noProxy)).toBe('unknown');
  });

  it('reads X-Forwarded-Proto and -Host with the same trust', () => {
    const request = (h: Record<string, string>) => new Request('http://127.0.0.1:4321/', { headers: h });
    const spoofed = request({
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'evil.example, advice.example',
    });
    expect(isHttps(spoofed, noProxy)).toBe(false);
    expect(isHttps(spoofed, { hops: 1, platform: undefined })).toBe(false);
    expect(isHttps(spoofed, { hops: 2, platform: undefined })).toBe(true);
    expect(forwarded(spoofed.headers.get('x-forwarded-host'), { hops: 1, platform: undefined })).toBe(
      'advice.example',
    );
    expect(forwarded(spoofed.headers.get('x-forwarded-host'), noProxy)).toBeUndefined();
  });

  it.each([
    ['true', { hops: 1, platform: undefined }],
    ['false', { hops: 0, platform: undefined }],
    ['0', { hops: 0, platform: undefined }],
    ['2', { hops: 2, platform: undefined }],
    ['Cloudflare', undefined],
    ['netlify', undefined],
    ['vercel', undefined],
    [
      'cloudflare: 173.245.48.0/20, 2400:cb00::/32',
      expect.objectContaining({ hops: 0, platform: 'cloudflare', proxies: expect.any(Function) }),
    ],
    ['cloudflare:', undefined],
    ['maybe', undefined],
    ['127.0.0.1,', undefined],
    ['10.0.0.0/33', undefined],
    [
      'loopback, 10.0.0.0/8, 2001:db8::1',
      expect.objectContaining({ hops: 0, proxies: expect.any(Function) }),
    ],
  ])('reads TRUST_PROXY=%s', (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
  });

  it('with a list of proxies, believes X-Forwarded-For only hop by hop from a listed peer', () => {
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8');
    if (!list) throw new Error('the list was refused');
    const via = (peer: string, forwardedFor: string) =>
      clientAddress(headers({ 'x-forwarded-for': forwardedFor }), peer, trustFor(list, peer, forwardedFor));
    // A peer not in the list is the client, whatever it forwards.
    expect(via('127.0.0.3', '198.51.100.1')).toBe('127.0.0.3');
    expect(via('192.0.2.9', '10.0.0.5, 198.51.100.1')).toBe('192.0.2.9');
    // A listed peer: the entry it appended, and further left while those are listed proxies too.
    expect(via('127.0.0.1', '198.51.100.66, 203.0.113.5')).toBe('203.0.113.5');
    expect(via('127.0.0.1', '198.51.100.66, 203.0.113.5, 10.1.2.3')).toBe('203.0.113.5');
    expect(via('127.0.0.1', '')).toBe('127.0.0.1');
    // A server listening on :: sees IPv4 peers IPv4-mapped; the list still knows them.
    expect(via('::ffff:127.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(via('::ffff:127.0.0.3', '203.0.113.5')).toBe('::ffff:127.0.0.3');
    expect(trustFor(list, '127.0.0.3', 'a, b')).toEqual(noProxy);
    // The scheme too: a forged X-Forwarded-Proto from outside the list is not believed.
    const spoofed = new Request('http://127.0.0.1/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(isHttps(spoofed, trustFor(list, '127.0.0.3', null))).toBe(false);
    expect(isHttps(spoofed, trustFor(list, '127.0.0.1', '203.0.113.5'))).toBe(true);
    expect(trustsProxies(list)).toBe(true);
    expect(trustsProxies(noProxy)).toBe(false);
  });

  it("believes a platform's client header only from a peer in the platform's listed ranges", () => {
    const cloudflare = parseTrustProxy('cloudflare:173.245.48.0/20');
    if (!cloudflare) throw new Error('the list was refused');
    const forged = headers({ 'cf-connecting-ip': '192.0.2.44', 'x-forwarded-for': '192.0.2.44' });
    const from = (peer: string) => clientAddress(forged, peer, trustFor(cloudflare, peer, '192.0.2.44'));
    expect(from('173.245.48.9')).toBe('192.0.2.44');
    // Anyone else who sends the header is the client it connects from: 8 forged clients are one.
    const forgers = ['203.0.113.9', '127.0.0.1', '10.0.0.1'];
    expect(forgers.map(from)).toEqual(forgers);
    expect(trustFor(cloudflare, '203.0.113.9', '192.0.2.44').platform).toBeUndefined();
  });

  it.each([
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['192.0.2.7', '192.0.2.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-ip', 'not-an-ip'],
  ])('normalises %s to %s', (input, output) => {
    expect(normaliseAddress(input)).toBe(output);
  });

  it('is a keyed hash that changes every UTC day and never contains the address', () => {
    const day1 = new Date('2025-09-01T10:00:00Z');
    const key = clientKey('s'.repeat(32), '192.0.2.7', day1);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(clientKey('s'.repeat(32), '192.0.2.7', new Date('2025-09-01T23:59:59Z'))).toBe(key);
    expect(clientKey('s'.repeat(32), '192.0.2.7', new Date('2025-09-02T00:00:00Z'))).not.toBe(key);
    expect(clientKey('s'.repeat(32), '192.0.2.8', day1)).not.toBe(key);
    expect(clientKey('t'.repeat(32), '192.0.2.7', day1)).not.toBe(key);
  });
});

describe('link detection', () => {
  it.each([
    'http://x.example',
    'HTTPS://X.EXAMPLE',
    'go to www.example',
    'example.com',
    'mail me at a@b.org',
    'сайт пример.бг',
    // Invisible characters beside the dot (default-ignorable: a browser shows and reads example.com).
    'example.\u034Fcom',
    'example\u034F.com',
    'example.\u2065com',
    'example.\u{E0041}com',
    'example.\uFE0Fcom',
    // Bare IP addresses.
    'see 192.0.2.1',
    'at 203.0.113.9:8080/x',
    'at １９２．０．２．１',
    'go [2001:db8::1]/x',
  ])('treats %j as containing a link', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'Great article!',
    'e.g. this, i.e. that',
    'Wait... what?',
    'Pi is 3.14',
    'Благодаря!',
    'a.b',
    'Version 1.2.3',
    'Love it 👍🏽 ❤️',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland',
  ])('treats %j as plain text', (text) => {
    expect(containsLink(text)).toBe(false);
  });
});

describe('host files', () => {
  /** A host file with this text, as the build writes it into dist/. */
  function hostFile(name: string, text: string) {
    const file = path.join(tempDir('host'), name);
    fs.writeFileSync(file, text);
    return file;
  }

  it('reads _redirects rules and reports the lines it cannot use', async () => {
    const { rules, problems } = await readRedirects(
      hostFile(
        '_redirects',
        '# c\n/a  /b\n/blog/*  /blog  302\n/x/:id  /y/:id  301!\n/p  https://elsewhere.example  200\nnonsense\n/q /r 302 Country=bg\n',
      ),
    );
    expect(rules.map((r) => [r.from, r.to, r.status, r.force])).toEqual([
      ['/a', '/b', 301, false],
      ['/blog/*', '/blog', 302, false],
      ['/x/:id', '/y/:id', 301, true],
    ]);
    expect(problems).toHaveLength(3);
  });

  it('takes the build’s language rules as twins, and reports other conditions it cannot apply', async () => {
    const { rules, twins, problems } = await readRedirects(
      hostFile(
        '_redirects',
        [
          '/about  /bg/about  302!  Cookie=language_bg',
          '/about  /about.html  200!  Cookie=language_en',
          '/about  /bg/about  302!  Country=bg,md',
          // A country line for a page with no Bulgarian choice line, another cookie, another target.
          '/donate  /bg/donate  302!  Country=bg',
          '/about  /bg/about  302!  Cookie=session',
          '/about  /elsewhere  302!  Country=bg',
          '',
        ].join('\n'),
      ),
    );
    expect([...twins]).toEqual([['/about', '/bg/about']]);
    expect(rules).toEqual([]);
    expect(problems).toHaveLength(3);
  });

  it('keeps a redirect filled in from the request on the site', async () => {
    const { rules } = await readRedirects(
      hostFile('_redirects', '/go/*  /:splat  301\n/out/*  https://a.example/:splat  302\n'),
    );
    const target = (p: string) => {
      const rule = rules.find((r) => r.pattern.test(p));
      const match = rule?.pattern.exec(p);
      return rule && match ? redirectTarget(rule, match) : undefined;
    };
    expect(target('/go//evil.example/x')).toBe('/evil.example/x');
    // Control characters and spaces between the slashes, which URL parsers drop.
    for (const sneaky of [
      '/go/\t/evil.example',
      '/go/\n//evil.example',
      '/go/\r\\evil.example',
      '/go/ /evil.example',
    ]) {
      expect(new URL(target(sneaky) ?? '', 'https://a.example').host, JSON.stringify(sneaky)).toBe(
        'a.example',
      );
    }
    expect(target('/go/\t/evil.example')).toBe('/evil.example');
    expect(target('/go/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(target('/go/about')).toBe('/about');
    expect(target('/out/x')).toBe('https://a.example/x');
  });

  it('applies every matching _headers block, a later one replacing an earlier header', async () => {
    const { rules, problems } = await readHeaders(
      hostFile(
        '_headers',
        '/*\n  X-A: 1\n  Cache-Control: no-cache\n  Link: </a>\n  Link: </b>\n/_astro/*\n  Cache-Control: immutable\n# c\n/about\n  X-B: 2\n',
      ),
    );
    expect(problems).toEqual([]);
    const values = (p: string) => Object.fromEntries([...headersFor(rules, p).values()]);
    expect(values('/_astro/x.js')).toEqual({ 'X-A': '1', 'Cache-Control': 'immutable', Link: '</a>, </b>' });
    expect(values('/about')).toEqual({
      'X-A': '1',
      'Cache-Control': 'no-cache',
      Link: '</a>, </b>',
      'X-B': '2',
    });
    expect(values('/about/more')).not.toHaveProperty('X-B');
  });
});

describe('keys derived from HASH_SECRET', () => {
  const secret = 'derived-keys-secret-0123456789abcdefghij';
  const id = '6f1d3c2a-9a43-4e7b-8f43-0c5b3e2a1d10';
  const hmac = (key: string, text: string, encoding: 'hex' | 'base64url') =>
    createHmac('sha256', key).update(text).digest(encoding);

  it('keys client keys and tokens with their own keys, not with the secret itself', () => {
    const day = new Date('2026-11-25T10:00:00Z');
    expect(clientKey(secret, '192.0.2.7', day)).not.toBe(hmac(secret, '2026-11-25|192.0.2.7', 'hex'));
    const token = unsubscribeToken(secret, id);
    expect(token.split('.')[1]).not.toBe(hmac(secret, `unsubscribe|${id}`, 'base64url'));
    expect(checkUnsubscribeToken(secret, token)).toBe(id);
    expect(checkUnsubscribeToken('another-secret-0123456789abcdefghijklmn', token)).toBeUndefined();
  });

  it('still accepts the links of letters signed with the secret itself', () => {
    const compact = id.replaceAll('-', '');
    const legacyUnsubscribe = `${compact}.${hmac(secret, `unsubscribe|${id}`, 'base64url')}`;
    expect(checkUnsubscribeToken(secret, legacyUnsubscribe)).toBe(id);
    const issued = Math.floor(Date.now() / 1000).toString(36);
    const legacyConfirm = `${compact}.${issued}.${hmac(secret, `confirm|${id}|${issued}`, 'base64url')}`;
    expect(checkConfirmToken(secret, legacyConfirm)).toEqual({ status: 'valid', subscriberId: id });
    expect(checkConfirmToken(secret, confirmToken(secret, id, new Date()))).toEqual({
      status: 'valid',
      subscriberId: id,
    });
  });

  it('keeps article-rating hashes keyed on the secret, so stored ratings still match their person', () => {
    expect(keyedHash(secret, 'ana@example.com')).toBe(hmac(secret, 'ana@example.com', 'hex'));
  });
});

describe("the commands' fetch over the admin socket", () => {
  it('keeps a header the server sends more than once', async () => {
    const socketPath = path.join(tempDir('socket'), 'admin.sock');
    const server = http.createServer((_request, response) => {
      response.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.setHeader('X-Seen', ['one', 'two']);
      response.end('answered');
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const response = await socketFetch(socketPath)('http://admin/anything?x=1');
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      // The web's Headers join a repeated header other than Set-Cookie with ", ".
      expect(response.headers.get('x-seen')).toBe('one, two');
      expect(await response.text()).toBe('answered');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
