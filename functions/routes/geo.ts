// GET /api/geo: the visitor's country (and city, region) from what the CDN or platform already knows,
// so no third-party lookup service ever sees the visitor's address.
//
// These headers are believed whoever sent them: the answer only picks the visitor's own language and
// feeds their own analytics event, so a visitor who fakes them only fools themselves.
import { Hono } from 'hono';
import type { GeoAnswer } from '../contract.ts';
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
    const parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as {
      city?: unknown;
      country?: { code?: unknown; name?: unknown };
      subdivision?: { code?: unknown; name?: unknown };
    };
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

function countryName(code: string): string {
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : unknown;
  } catch {
    return unknown;
  }
}

/** Reads the first source that knows: the platform's own data, then Cloudflare, Vercel, Netlify, custom. */
export function readGeo(headers: Headers, platform: Geo | undefined, customHeader?: string): GeoAnswer {
  const netlify = netlifyGeo(headers.get('x-nf-geo'));
  const first = <T>(...values: (T | undefined)[]) => values.find((value) => value !== undefined);
  const rawCode = first(
    platform?.countryCode,
    decode(headers.get('cf-ipcountry')),
    decode(headers.get('x-vercel-ip-country')),
    netlify.countryCode,
    decode(headers.get('x-country')),
    customHeader ? decode(headers.get(customHeader)) : undefined,
  );
  // Cloudflare sends XX for unknown and T1 for Tor; anything not two letters is not a country.
  const code =
    rawCode && /^[A-Za-z]{2}$/.test(rawCode) && !/^(xx|t1)$/i.test(rawCode)
      ? rawCode.toUpperCase()
      : undefined;
  return {
    country_code: code ?? unknown,
    country_name: code ? (first(platform?.countryName, netlify.countryName) ?? countryName(code)) : unknown,
    city:
      first(
        platform?.city,
        decode(headers.get('cf-ipcity')),
        decode(headers.get('x-vercel-ip-city')),
        netlify.city,
      ) ?? unknown,
    region:
      first(
        platform?.region,
        decode(headers.get('cf-region')),
        decode(headers.get('x-vercel-ip-country-region')),
        netlify.region,
      ) ?? unknown,
  };
}

export const geo = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json(readGeo(c.req.raw.headers, c.env?.geo, c.var.services.config.geoCountryHeader));
});
