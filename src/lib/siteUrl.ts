/**
 * The public address a build writes into canonicals, hreflang, the sitemap, the feeds and share cards.
 *
 * A "production build" is one a host publishes: on Netlify (`NETLIFY=true`, which always sets `URL`), or
 * any build with `CONTEXT=production` (Netlify's production deploy context; other CI can set it). Not
 * `NODE_ENV`: `astro build` sets it to `production` for every build, the tests' and `npm start`'s too,
 * which must keep working on loopback with nothing configured.
 */

/** Where the address came from, for the build's log. */
export type SiteUrlSource = 'SITE_URL' | 'Netlify URL' | 'loopback';

type Env = Record<string, string | undefined>;

/**
 * A local build's address: where `npm run serve` listens on this machine, on PORT when set, else on its
 * default port (functions/config.ts), so `PORT=4750 npm start` names 4750 in its pages.
 */
export function loopbackSite(env: Env = {}): string {
  const port = Number(env.PORT);
  return `http://127.0.0.1:${/^\d+$/.test(env.PORT ?? '') && port > 0 && port < 65536 ? port : 4321}`;
}

/** True when this build is published by a host, so a loopback address would reach real readers. */
export function isProductionBuild(env: Env): boolean {
  return env.NETLIFY === 'true' || env.CONTEXT === 'production';
}

function checked(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be the site's public address, like https://example.com (got "${value}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http:// or https:// address (got "${value}").`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * The site's address: `SITE_URL`, else Netlify's `URL` (the site's main address, also on deploy
 * previews, so a preview never names itself canonical), else loopback (PORT) for a local build. A production
 * build with neither throws, naming what to set.
 * @example siteUrl({ NETLIFY: 'true', URL: 'https://advice.netlify.app' }) // { url: 'https://advice.netlify.app', source: 'Netlify URL' }
 */
export function siteUrl(env: Env): { url: string; source: SiteUrlSource } {
  if (env.SITE_URL) return { url: checked(env.SITE_URL, 'SITE_URL'), source: 'SITE_URL' };
  if (env.NETLIFY === 'true' && env.URL) return { url: checked(env.URL, 'URL'), source: 'Netlify URL' };
  if (isProductionBuild(env)) {
    const why = env.NETLIFY === 'true' ? 'NETLIFY=true but Netlify gave no URL' : 'CONTEXT=production';
    throw new Error(
      `This is a production build (${why}) and no public address is set. Set SITE_URL to the site's ` +
        `address, like SITE_URL=https://important-advice.example, so canonical links, hreflang, the ` +
        `sitemap, the feeds and the share cards do not name ${loopbackSite(env)}.`,
    );
  }
  return { url: loopbackSite(env), source: 'loopback' };
}
