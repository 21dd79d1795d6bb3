// GET /api/geo: the visitor's country (and city, region) from what the CDN or platform already knows,
// so no third-party lookup service ever sees the visitor's address.
//
// A platform's location headers count only when TRUST_PROXY names that platform (which overwrites them),
// and GEO_COUNTRY_HEADER only behind a trusted proxy (which sets it): what a request says about itself
// is no evidence, even where a visitor who fakes it would mostly fool themselves.
import { type Context, Hono } from 'hono';
import { requestTrust } from '../http/requestTrust.ts';
import { type TrustProxy, trustsProxies } from '../security/trustProxy.ts';
import type { AppEnv, Platform } from '../services.ts';

const unknown = 'Unknown';

type Geo = NonNullable<Platform['geo']>;

function decode(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value).trim() || undefined;
  } catch {
    return value.trim() || undefined;
  }
}

/** Netlify's `x-nf-geo`: base64 JSON `{ city, country: { code, name }, subdivision: { code, name } }`. */
function netlifyGeo(header: string | null): Geo {
  if (!header) return {};
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    return {
      countryCode: text(parsed.country?.code),
      countryName: text(parsed.country?.name),
      city: text(parsed.city),
      region: text(parsed.subdivision?.name) ?? text(parsed.subdivision?.code),
    };
  } catch {
    return {};
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a two-letter code (Intl throws for none of them), or Unknown when it knows none. */
function countryName(code: string): string {
  const name = regionNames.of(code);
  return name && name !== code ? name : unknown;
}

/** What the platform TRUST_PROXY names wrote in its own location headers (which it overwrites). */
function platformGeo(headers: Headers, platform: TrustProxy['platform']): Geo {
  const from = (name: string) => decode(headers.get(name));
  if (platform === 'cloudflare') {
    return { countryCode: from('cf-ipcountry'), city: from('cf-ipcity'), region: from('cf-region') };
  }
  if (platform === 'vercel') {
    const city = from('x-vercel-ip-city');
    return { countryCode: from('x-vercel-ip-country'), city, region: from('x-vercel-ip-country-region') };
  }
  if (platform !== 'netlify') return {};
  const netlify = netlifyGeo(headers.get('x-nf-geo'));
  return { ...netlify, countryCode: netlify.countryCode ?? from('x-country') };
}

/** The headers each platform tells the country in, once TRUST_PROXY names it. */
const platformCountryHeaders = {
  cloudflare: ['CF-IPCountry'],
  vercel: ['X-Vercel-IP-Country'],
  netlify: ['X-NF-Geo', 'X-Country'],
} as const;

/** A two-letter country code, upper case; Cloudflare's XX (unknown) and T1 (Tor) are none. */
const countryCode = (raw: string | undefined) =>
  raw && /^(?!xx$|t1$)[a-z]{2}$/i.test(raw) ? raw.toUpperCase() : undefined;

/** GEO_COUNTRY_HEADER's value, when a trusted proxy (which sets it) stands in front. */
const customCountry = (headers: Headers, trust: TrustProxy, customHeader: string | undefined) =>
  customHeader && trust.hops > 0 ? decode(headers.get(customHeader)) : undefined;

/**
 * The visitor's country as a trusted proxy told it (the named platform's headers, then
 * GEO_COUNTRY_HEADER), for the Node server's language rule (functions/server/arrival.ts).
 */
export function trustedCountry(headers: Headers, trust: TrustProxy, customHeader: string | undefined) {
  return countryCode(
    platformGeo(headers, trust.platform).countryCode ?? customCountry(headers, trust, customHeader),
  );
}

/** Every header `trustedCountry` may read under TRUST_PROXY and GEO_COUNTRY_HEADER as configured. */
export function countryHeaders(trust: TrustProxy, customHeader: string | undefined): string[] {
  const custom = customHeader && trustsProxies(trust) ? [customHeader] : [];
  return [...(trust.platform ? platformCountryHeaders[trust.platform] : []), ...custom];
}

/**
 * Reads the first source that knows: the platform's own data, then the trusted platform's headers, then
 * custom. Every field is "Unknown" when none did.
 */
function readGeo(c: Context<AppEnv>) {
  const { headers } = c.req.raw;
  const [platform, trust, customHeader] = [
    c.env?.geo,
    requestTrust(c),
    c.var.services.config.geoCountryHeader,
  ];
  const trusted = platformGeo(headers, trust.platform);
  const code = countryCode(
    platform?.countryCode ?? trusted.countryCode ?? customCountry(headers, trust, customHeader),
  );
  return {
    country_code: code ?? unknown,
    country_name: code ? (platform?.countryName ?? trusted.countryName ?? countryName(code)) : unknown,
    city: platform?.city ?? trusted.city ?? unknown,
    region: platform?.region ?? trusted.region ?? unknown,
  };
}

export const geo = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json(readGeo(c));
});
