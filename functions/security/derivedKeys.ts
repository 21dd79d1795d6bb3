// One key per use, derived from HASH_SECRET with HKDF (RFC 5869), so a key that leaks through one use
// (a token scheme, a hash) tells nothing about another's.
import { hkdfSync } from 'node:crypto';

/** The uses that get their own key. Article-rating hashes keep HASH_SECRET itself: see keyedHash's callers. */
export type KeyUse = 'tokens' | 'moderation' | 'client-keys' | 'backups' | 'confirm-cap';

const derived = new Map<string, Buffer>();

/** The 32-byte key of `use` under `secret` (computed once per secret and use). */
export function deriveKey(secret: string, use: KeyUse): Buffer {
  const id = `${use}\u0000${secret}`;
  const key =
    derived.get(id) ??
    Buffer.from(hkdfSync('sha256', secret, 'important-advice', `important-advice/${use}`, 32));
  derived.set(id, key);
  return key;
}
