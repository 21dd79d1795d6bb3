// The tokens in the links of a letter: the subscriber's random id and an HMAC under HASH_SECRET, never
// the address. Nothing about them is stored, so a copy of the database hands out no working link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ModerationAction } from '../contract.ts';
import { deriveKey } from '../security/derivedKeys.ts';

/** How long a confirmation link works: as long as a pending address is kept. */
const confirmLifetimeMs = 48 * 3_600_000;
/** How long the approve and hide links of a moderation letter work. */
const moderationLifetimeMs = 7 * 24 * 3_600_000;

const issuedPattern = /^[0-9a-z]{1,10}$/;

function mac(key: string | Buffer, purpose: string, ...parts: string[]): string {
  return createHmac('sha256', key)
    .update([purpose, ...parts].join('|'))
    .digest('base64url');
}

/**
 * The keys a token may be signed with: the tokens' own derived key (new links), then HASH_SECRET itself,
 * which signed the links of letters sent before keys were derived; their subscribers are gone within
 * 30 days, and their links keep working until then.
 */
const keysOf = (secret: string) => [deriveKey(secret, 'tokens'), secret];

/** Whether `given` is the MAC of `parts` under one of `keys`, compared in constant time. */
function signedBy(keys: (string | Buffer)[], given: string, purpose: string, ...parts: string[]): boolean {
  const a = Buffer.from(given);
  return keys.some((key) => {
    const b = Buffer.from(mac(key, purpose, ...parts));
    return a.length === b.length && timingSafeEqual(a, b);
  });
}

/** A time as tokens carry it: seconds in base 36. */
const issuedAt36 = (at: Date) => Math.floor(at.getTime() / 1000).toString(36);
/** Whether a token issued at `issued` (base 36) is older than `lifetimeMs` at `now`. */
const expired = (issued: string, now: Date, lifetimeMs: number) =>
  now.getTime() - Number.parseInt(issued, 36) * 1000 > lifetimeMs;

/** `d5e05778-d1fe-…` -> `d5e05778d1fe…` and back; undefined when it is not a uuid. */
const compact = (id: string) => id.replaceAll('-', '');
const expand = (id: string) =>
  /^[0-9a-f]{32}$/.test(id) ? id.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-') : undefined;

/** `<id>.<issued, seconds in base 36>.<mac>` for the confirmation link of a letter issued at `issuedAt`. */
export function confirmToken(secret: string, subscriberId: string, issuedAt: Date): string {
  const issued = issuedAt36(issuedAt);
  return `${compact(subscriberId)}.${issued}.${mac(deriveKey(secret, 'tokens'), 'confirm', subscriberId, issued)}`;
}

/** `<id>.<mac>` for the unsubscribe link and List-Unsubscribe header of every letter to this subscriber. */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${compact(subscriberId)}.${mac(deriveKey(secret, 'tokens'), 'unsubscribe', subscriberId)}`;
}

/** Whether a confirmation token is ours (its HMAC matches) and still within its 48 hours at `now`. */
export function checkConfirmToken(
  secret: string,
  token: string,
  now = new Date(),
): { status: 'valid' | 'expired'; subscriberId: string } | { status: 'invalid' } {
  const [id = '', issued = '', given = '', ...rest] = token.split('.');
  const subscriberId = expand(id);
  if (!subscriberId || rest.length > 0 || !issuedPattern.test(issued)) return { status: 'invalid' };
  if (!signedBy(keysOf(secret), given, 'confirm', subscriberId, issued)) return { status: 'invalid' };
  return { status: expired(issued, now, confirmLifetimeMs) ? 'expired' : 'valid', subscriberId };
}

/** The subscriber id an unsubscribe token stands for, or undefined when it is not ours. */
export function checkUnsubscribeToken(secret: string, token: string): string | undefined {
  const [id = '', given = '', ...rest] = token.split('.');
  const subscriberId = expand(id);
  if (!subscriberId || rest.length > 0) return undefined;
  return signedBy(keysOf(secret), given, 'unsubscribe', subscriberId) ? subscriberId : undefined;
}

/**
 * `<a|h>.<comment id, base 36>.<issued, seconds in base 36>.<mac>`: one token per comment and action,
 * so the approve link cannot be turned into a hide link or moved to another comment.
 */
export function moderationToken(secret: string, action: ModerationAction, commentId: number, issuedAt: Date) {
  const parts = [action[0] as string, commentId.toString(36), issuedAt36(issuedAt)];
  return `${parts.join('.')}.${mac(deriveKey(secret, 'moderation'), 'moderate', ...parts)}`;
}

/** Whether a moderation token is ours and still within its 7 days at `now`, and what it asks for. */
export function checkModerationToken(
  secret: string,
  token: string,
  now = new Date(),
): { status: 'valid' | 'expired'; action: ModerationAction; commentId: number } | { status: 'invalid' } {
  const [letter = '', id = '', issued = '', given = '', ...rest] = token.split('.');
  const wellFormed =
    rest.length === 0 && /^[ah]$/.test(letter) && /^[0-9a-z]{1,7}$/.test(id) && issuedPattern.test(issued);
  if (!wellFormed || !signedBy([deriveKey(secret, 'moderation')], given, 'moderate', letter, id, issued)) {
    return { status: 'invalid' };
  }
  return {
    status: expired(issued, now, moderationLifetimeMs) ? 'expired' : 'valid',
    action: letter === 'a' ? 'approve' : 'hide',
    commentId: Number.parseInt(id, 36),
  };
}
