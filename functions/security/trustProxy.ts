// What a request may say about its own origin, and when it is believed (TRUST_PROXY). Anyone can send
// any header, so a forwarded value counts only when a proxy we were told about wrote it: counted from
// the right, each trusted proxy appends what it saw, so the entry the outermost trusted proxy appended
// is the client's, and everything to its left is the client's own (forgeable) text.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

/**
 * The hosting platforms whose own client and location headers can be believed when named, each with
 * its header of the client's address, which it overwrites whatever the client sent.
 */
const platformClientHeader = {
  cloudflare: 'cf-connecting-ip',
  netlify: 'x-nf-client-connection-ip',
  vercel: 'x-real-ip',
} as const;
type PlatformName = keyof typeof platformClientHeader;

/**
 * How many proxies stand in front (`hops`; 0: the socket is the client) and the named platform among
 * them, whose own headers then count; or, for a list of addresses, `proxies`, by which `trustFor` finds
 * a request's hops, one per listed proxy from the socket inwards.
 */
export interface TrustProxy {
  hops: number;
  platform: PlatformName | undefined;
  /** proxy-addr's compiled list: whether the peer at hop `hop` (0: the socket's) is a listed proxy. */
  proxies?: (address: string, hop: number) => boolean;
}

export const noProxy: TrustProxy = { hops: 0, platform: undefined };

/** A header as Node or fetch gives it (Node gives a repeated header as an array). */
type HeaderValue = string | string[] | null | undefined;

/** The proxies' addresses and ranges, comma-separated, compiled by proxy-addr; undefined if malformed. */
function proxyList(text: string): TrustProxy['proxies'] {
  const list = text.split(',').map((entry) => entry.trim());
  if (list.some((entry) => !entry)) return undefined;
  try {
    return proxyAddr.compile(list);
  } catch {
    return undefined;
  }
}

/**
 * TRUST_PROXY as written: a count, true/yes (1), false/no (0), a list of the proxies' addresses and
 * ranges as Express's `trust proxy` takes it (by proxy-addr), or a platform and its published ranges
 * (`cloudflare:173.245.48.0/20,...`), whose own headers then count from those peers only; else
 * undefined. A bare platform name is refused (see barePlatform): anyone can send its headers.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const word = value.trim().toLowerCase();
  if (/^\d{1,2}$/.test(word)) return { hops: Number(word), platform: undefined };
  if (word === 'true' || word === 'yes') return { hops: 1, platform: undefined };
  if (word === 'false' || word === 'no') return noProxy;
  const [, named, ranges] = /^(cloudflare|netlify|vercel)\s*:(.*)$/.exec(word) ?? [];
  const proxies = proxyList(named ? (ranges ?? '') : word);
  return proxies && { hops: 0, platform: named as PlatformName | undefined, proxies };
}

/** Whether TRUST_PROXY is a platform's name alone, which a Node server refuses. */
export const barePlatform = (value: string) =>
  Object.hasOwn(platformClientHeader, value.trim().toLowerCase());

/**
 * Trust on the platform's own runtime (the Netlify functions), where only the platform reaches the
 * code and writes its headers over whatever the client sent.
 */
export const onPlatform = (platform: PlatformName): TrustProxy => ({ hops: 1, platform });

/** Whether TRUST_PROXY believes any peer: then others may reach the port through a proxy. */
export function trustsProxies(trust: TrustProxy): boolean {
  return trust.hops > 0 || trust.platform !== undefined || trust.proxies !== undefined;
}

/**
 * TRUST_PROXY for one request from `peer`: a list becomes the hops proxy-addr walks from the socket
 * inwards while each is listed, so a client that reaches the port itself is its own address whatever
 * it forwards. A count is as given.
 */
export function trustFor(trust: TrustProxy, peer: string | undefined, forwardedFor: HeaderValue): TrustProxy {
  if (!trust.proxies || !peer) return trust.proxies ? noProxy : trust;
  const request = {
    headers: { 'x-forwarded-for': entries(forwardedFor).join(',') },
    socket: { remoteAddress: peer },
  };
  const chain = proxyAddr.all(request as unknown as IncomingMessage, trust.proxies);
  // A platform's own headers count only when the peer itself is one of its listed proxies.
  return { hops: chain.length - 1, platform: trust.proxies(peer, 0) ? trust.platform : undefined };
}

/** The comma-separated entries of a header value, in order, trimmed, empty ones dropped. */
function entries(value: HeaderValue): string[] {
  return (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The entry of an `X-Forwarded-*` header value that the outermost trusted proxy appended: `hops` from
 * the right (the leftmost when there are fewer entries), or undefined when no proxy is trusted.
 */
export function forwarded(value: HeaderValue, trust: TrustProxy): string | undefined {
  if (trust.hops === 0) return undefined;
  const list = entries(value);
  return list[Math.max(list.length - trust.hops, 0)];
}

/** Whether the X-Forwarded-Proto entry the outermost trusted proxy wrote says HTTPS. */
export function forwardedHttps(value: HeaderValue, trust: TrustProxy): boolean {
  return forwarded(value, trust)?.toLowerCase() === 'https';
}

/** Whether the visitor's connection is HTTPS: the URL's, or the X-Forwarded-Proto of a trusted proxy. */
export function isHttps(request: Request, trust: TrustProxy): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return forwardedHttps(request.headers.get('x-forwarded-proto'), trust);
}

/**
 * The client's address: a named platform's own header; else, behind `hops` proxies, the
 * X-Forwarded-For entry the outermost trusted one appended (stopping at the nearest entry that is not
 * an address, which no proxy would write); else the socket's (or, serverless, the platform's) address.
 */
export function clientAddress(headers: Headers, direct: string | undefined, trust: TrustProxy): string {
  if (trust.platform) {
    const own = headers.get(platformClientHeader[trust.platform])?.trim();
    if (own && isIP(own)) return own;
  }
  let address = direct;
  if (trust.hops > 0) {
    const list = entries(headers.get('x-forwarded-for'));
    // Walk leftwards from the nearest proxy's entry, one per trusted proxy.
    for (const entry of list.slice(Math.max(list.length - trust.hops, 0)).reverse()) {
      if (!isIP(entry)) break;
      address = entry;
    }
  }
  return address ?? 'unknown';
}
