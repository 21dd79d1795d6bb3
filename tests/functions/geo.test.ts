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
  const config = loadConfig({ CONTENT_DIR: makeContentDir(), GEO_COUNTRY_HEADER: 'X-Test-Country' });
  const noDatabase = () => Promise.reject(new Error('geo must not need the database'));
  const app = createApp(createServices(config, createContent(config.contentDir), noDatabase));
  const request = (url: string, init?: RequestInit) => app.request(url, init);

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
      'Cloudflare',
      { 'cf-ipcountry': 'bg', 'cf-ipcity': 'Sofia', 'cf-region': 'Sofia City' },
      { country_code: 'BG', country_name: 'Bulgaria', city: 'Sofia', region: 'Sofia City' },
    ],
    [
      'Vercel',
      {
        'x-vercel-ip-country': 'BR',
        'x-vercel-ip-city': 'S%C3%A3o%20Paulo',
        'x-vercel-ip-country-region': 'SP',
      },
      { country_code: 'BR', country_name: 'Brazil', city: 'São Paulo', region: 'SP' },
    ],
    [
      'Netlify x-nf-geo',
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
      'Netlify x-country',
      { 'x-country': 'DE' },
      { country_code: 'DE', country_name: 'Germany', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'GEO_COUNTRY_HEADER',
      { 'x-test-country': 'fr' },
      { country_code: 'FR', country_name: 'France', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'Cloudflare unknown (XX)',
      { 'cf-ipcountry': 'XX' },
      { country_code: 'Unknown', country_name: 'Unknown', city: 'Unknown', region: 'Unknown' },
    ],
    [
      'garbage',
      { 'cf-ipcountry': '<script>', 'x-nf-geo': '%%%' },
      { country_code: 'Unknown', country_name: 'Unknown', city: 'Unknown', region: 'Unknown' },
    ],
  ])('reads the location from %s headers', async (_, headers, expected) => {
    const res = await getJson(`${api}/geo`, headers, request);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });
});
