import { describe, expect, it } from 'vitest';
import { isProductionBuild, loopbackSite, siteUrl } from '../../src/lib/siteUrl.ts';

describe('the public address of a build', () => {
  it('takes SITE_URL first, wherever the build runs', () => {
    expect(siteUrl({ SITE_URL: 'https://advice.example/' })).toEqual({
      url: 'https://advice.example',
      source: 'SITE_URL',
    });
    expect(
      siteUrl({ SITE_URL: 'https://advice.example', NETLIFY: 'true', URL: 'https://advice.netlify.app' }),
    ).toEqual({ url: 'https://advice.example', source: 'SITE_URL' });
  });

  it("uses Netlify's URL on Netlify, not the deploy's own address", () => {
    const env = {
      NETLIFY: 'true',
      CONTEXT: 'deploy-preview',
      URL: 'https://advice.netlify.app',
      DEPLOY_PRIME_URL: 'https://deploy-preview-7--advice.netlify.app',
    };
    expect(siteUrl(env)).toEqual({ url: 'https://advice.netlify.app', source: 'Netlify URL' });
  });

  it('ignores a URL variable outside Netlify', () => {
    expect(siteUrl({ URL: 'https://elsewhere.example' })).toEqual({
      url: loopbackSite(),
      source: 'loopback',
    });
  });

  it('falls back to loopback for local builds, tests and CI', () => {
    expect(siteUrl({})).toEqual({ url: 'http://127.0.0.1:4321', source: 'loopback' });
    // astro build sets NODE_ENV=production for every build: it does not make one a production build.
    expect(siteUrl({ NODE_ENV: 'production', CI: 'true' })).toEqual({
      url: loopbackSite(),
      source: 'loopback',
    });
  });

  it("names the server's PORT in a local build, as `PORT=4750 npm start` serves it", () => {
    expect(siteUrl({ PORT: '4750' })).toEqual({ url: 'http://127.0.0.1:4750', source: 'loopback' });
    // Not a port the server would take: its default, and the server itself refuses the setting.
    for (const PORT of ['0', 'abc', '', '123456'])
      expect(siteUrl({ PORT }).url).toBe('http://127.0.0.1:4321');
    expect(siteUrl({ PORT: '4750', SITE_URL: 'https://advice.example' }).url).toBe('https://advice.example');
  });

  it('stops a production build that has no public address', () => {
    expect(() => siteUrl({ CONTEXT: 'production' })).toThrow(
      /production build \(CONTEXT=production\).*SITE_URL/,
    );
    expect(() => siteUrl({ NETLIFY: 'true' })).toThrow(
      /NETLIFY=true but Netlify gave no URL.*SITE_URL=https:/,
    );
  });

  it('refuses an address that is not one', () => {
    expect(() => siteUrl({ SITE_URL: 'advice.example' })).toThrow(
      /SITE_URL must be the site's public address/,
    );
    expect(() => siteUrl({ SITE_URL: 'ftp://advice.example' })).toThrow(/http:\/\/ or https:\/\//);
  });

  it('tells a production build from a local one', () => {
    expect(isProductionBuild({ NETLIFY: 'true' })).toBe(true);
    expect(isProductionBuild({ CONTEXT: 'production' })).toBe(true);
    expect(isProductionBuild({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(isProductionBuild({ NODE_ENV: 'production' })).toBe(false);
  });
});
