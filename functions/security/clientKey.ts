// Who is asking, for rate limits, without ever storing who is asking: the client address is turned
// into a keyed hash that changes every UTC day.
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { deriveKey } from './derivedKeys.ts';

/**
 * One key per person, not per address they can cheaply rotate: IPv4-mapped IPv6 becomes IPv4, and an
 * IPv6 address becomes its /64 network (one household or device). `normaliseAddress('::ffff:1.2.3.4')`
 * is `'1.2.3.4'`; `normaliseAddress('2001:db8::1')` is `'2001:db8:0:0::/64'`.
 */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${parts
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * HMAC-SHA256 of the value under the key, hex. Article ratings key it on HASH_SECRET itself, as they
 * always have: a derived key would orphan every stored rating hash (one rating per person, and the
 * operator's export and delete, find ratings by it).
 */
export const keyedHash = (key: string | Buffer, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** The rate-limit key for an address today (UTC): a different, unlinkable key every day. */
export function clientKey(secret: string, address: string, now = new Date()): string {
  return keyedHash(deriveKey(secret, 'client-keys'), `${now.toISOString().slice(0, 10)}|${address}`);
}
