// A backup's first line names when it was written and signs the whole file with a key derived from
// the site's secret: restore runs only SQL this site wrote (a dump may hold any statement, `COPY ... TO
// PROGRAM` among them), and knows the backup's age (the erasure log reaches back only so far).
import { timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../security/clientKey.ts';
import { deriveKey } from '../security/derivedKeys.ts';

const header = /^-- important-advice backup (\S+) ([0-9a-f]{64})\n/;

const signature = (secret: string, at: string, dump: string) =>
  keyedHash(deriveKey(secret, 'backups'), `${at}\n${dump}`);

/** The dump with its signed first line: `-- important-advice backup <ISO time> <HMAC>`. */
export function signBackup(secret: string, dump: string, writtenAt = new Date()): string {
  const at = writtenAt.toISOString();
  return `-- important-advice backup ${at} ${signature(secret, at, dump)}\n${dump}`;
}

/** A backup file's parts: the dump, and when signed, its time and whether `secret` signed it. */
export function readBackup(text: string, secret: string | undefined) {
  const match = header.exec(text);
  if (!match) return { dump: text, signed: false as const };
  const [line, at = '', mac = ''] = match;
  const dump = text.slice(line.length);
  const valid =
    secret !== undefined && timingSafeEqual(Buffer.from(mac), Buffer.from(signature(secret, at, dump)));
  return { dump, signed: true as const, valid, writtenAt: new Date(at) };
}
