// GET /api/geo: the visitor's place from what the platform or CDN sent. It needs no database, so the app
// here has none: a lookup that tried one would fail.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { createContent } from '../../functions/content.ts';
import { createServices } from '../../functions/services.ts';
import { makeContentDir } from '../support/fixtures.ts';
import { getJson } from '../support/http.ts';

describe('GET /api/geo', () => {
  const api = 'http://localhost/api';
  const noDatabase = () => Promise.reject(new Error('geo must not need the database'));
  /** The platform's proxy the requests come from, and a stranger's address. */
  const edge = '198.51.100.7';
  const stranger = '192.0.2.66';
  /** A platform's name with the range of its edge, as a Node server must be told it. */
  const listed = (trust: string) =>
    ['cloudflare', 'netlify', 'vercel'].includes(trust) ? `${trust}:198.51.100.0/24` : trust;
  const appWith = (trustProxy: string, peer = edge) => {
    const env = {
      CONTENT_DIR: makeContentDir(),
      GEO_COUNTRY_HEADER: 'X-Test-Country',
      TRUST_PROXY: listed(trustProxy),
    };
    const config = loadConfig(env);
    const app = createApp(createServices(config, createContent(config.contentDir), noDatabase));
    return (url: string, init?: RequestInit) => app.request(url, init, { clientAddress: peer });
  };
  const request = appWith('false');

  it('answers Unknown for every field when the platform sent nothing, and is never cached', async () => {
    const res = await getJson(`${api}/geo`, {}, request);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      country_code: 'Unknown',
      country_name: 'Unknown',
      city: 'Unknown',
      region: 'Unknown',
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    [
      'cloudflare',
      { 'cf-ipcountry': 'bg', 'cf-ipcity': 'Sofia', 'cf-region': 'Sofia City' },
      { country_code: 'BG', country_name: 'Bulgaria', city: 'Sofia', region: 'Sofia City' },
    ],
    [
      'vercel',
      {
        'x-vercel-ip-country': 'BR',
        'x-vercel-ip-city': 'S%C3%A3o%20Paulo',
        'x-vercel-ip-country-region': 'SP',
      },
      { country_code: 'BR', country_name: 'Brazil', city: 'São Paulo', region: 'SP' },
    ],
    [
      'netlify',
      {
        'x-nf-geo': Buffer.from(
          JSON.stringify({
            city: 'Chișinău',
            country: { code: 'MD', name: 'Moldova' },
            subdivision: { code: 'CU', name: 'Chișinău' },
          }),
        ).toString('base64'),
      },
      { country_code: 'MD', country_name: 'Moldova', city: 'Chișinău', region: 'Chișinău' },
    ],
    [
      'netlify',
      { 'x-country': 'DE' },
      { country_code: 'DE', country_name: 'Germany', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'true',
      { 'x-test-country': 'fr' },
      { country_code: 'FR', country_name: 'France', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'cloudflare',
      { 'cf-ipcountry': 'XX' },
      { country_code: 'Unknown', country_name: 'Unknown', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'cloudflare',
      { 'cf-ipcountry': '<script>', 'x-nf-geo': '%%%' },
      { country_code: 'Unknown', country_name: 'Unknown', city: 'Unknown', region: 'Unknown' },
    ],
  ])('with TRUST_PROXY=%s reads the location from %j', async (trust, headers, expected) => {
    const res = await getJson(`${api}/geo`, headers, appWith(trust));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    // The same headers from a request with no trusted proxy (or another platform) say nothing.
    const unknown = { country_code: 'Unknown', country_name: 'Unknown', city: 'Unknown', region: 'Unknown' };
    const others = trust === 'true' ? ['false'] : ['false', trust === 'vercel' ? 'cloudflare' : 'vercel'];
    for (const other of others) {
      expect((await getJson(`${api}/geo`, headers, appWith(other))).body).toEqual(unknown);
    }
    // A platform's headers forged by a peer outside its ranges say nothing either.
    if (trust !== 'true') {
      expect((await getJson(`${api}/geo`, headers, appWith(trust, stranger))).body).toEqual(unknown);
    }
  });

  it.each(['cloudflare', 'netlify', 'vercel'])(
    'refuses TRUST_PROXY=%s alone, showing the list form',
    (name) => {
      expect(() => loadConfig({ TRUST_PROXY: name })).toThrow(new RegExp(`${name}:173\\.245\\.48\\.0/20`));
    },
  );
});
