import { createHash } from 'node:crypto';

/** The privacy page's date and the fingerprint of the text it dates (`src/config.ts`, `privacyUpdated`). */
export interface PrivacyVersion {
  date: string;
  fingerprint: string;
}

type Dictionary = Record<string, string>;

/**
 * The fingerprint of one dated version of the policy: every `privacy.` string of both languages, and the
 * date, so that neither changes without the other (DECISIONS.md, 2026-11-27).
 */
export function privacyFingerprint(date: string, dictionaries: readonly Dictionary[]): string {
  const hash = createHash('sha256').update(date);
  for (const dictionary of dictionaries)
    for (const key of Object.keys(dictionary)
      .filter((name) => name.startsWith('privacy.'))
      .sort())
      hash.update(`\n${key}=${dictionary[key]}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Stops the build when the policy's text or its date changed without the other, and says what to set:
 * the page promises to change its date when the policy changes.
 * @example checkPrivacyDate({ date: '2026-11-27', fingerprint: '…' }, [en, bg], '2026-12-01')
 */
export function checkPrivacyDate(
  version: PrivacyVersion,
  dictionaries: readonly Dictionary[],
  today: string,
) {
  if (privacyFingerprint(version.date, dictionaries) === version.fingerprint) return;
  throw new Error(
    `The privacy policy changed since its fingerprint was taken: its text, or its date (${version.date}). ` +
      `A changed text needs a new date: in src/config.ts set privacyUpdated to the day of the change and ` +
      `privacyFingerprint to its fingerprint (for ${today}: '${privacyFingerprint(today, dictionaries)}'). ` +
      `A date alone must not change: put it back.`,
  );
}
