import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../src/config.ts';
import { bg } from '../../src/i18n/ui/bg.ts';
import { en } from '../../src/i18n/ui/en.ts';
import { checkPrivacyDate, privacyFingerprint } from '../../src/lib/privacy/privacyDate.ts';

const current = {
  date: siteConfig.privacyUpdated.toISOString().slice(0, 10),
  fingerprint: siteConfig.privacyFingerprint,
};

describe("the privacy page's date", () => {
  it('is the date of the text as it stands', () => {
    expect(() => checkPrivacyDate(current, [en, bg], '2030-01-01')).not.toThrow();
  });

  it('stops the build when a privacy sentence changes without a new date, and names the fix', () => {
    const edited = { ...bg, 'privacy.retention.body': `${bg['privacy.retention.body']} Пазим и още нещо.` };
    expect(() => checkPrivacyDate(current, [en, edited], '2030-01-01')).toThrow(
      `privacyFingerprint to its fingerprint (for 2030-01-01: '${privacyFingerprint('2030-01-01', [en, edited])}')`,
    );
    const renamed = { ...en, 'privacy.contact.title': 'Contact us' };
    expect(() => checkPrivacyDate(current, [renamed, bg], '2030-01-01')).toThrow(/text, or its date/);
  });

  it('stops the build when the date changes without the text', () => {
    expect(() => checkPrivacyDate({ ...current, date: '2030-01-01' }, [en, bg], '2030-01-01')).toThrow(
      /A date alone must not change/,
    );
  });

  it('takes a changed text with its new date and new fingerprint', () => {
    const edited = { ...en, 'privacy.intro.body': 'A new policy.' };
    const next = { date: '2030-01-01', fingerprint: privacyFingerprint('2030-01-01', [edited, bg]) };
    expect(() => checkPrivacyDate(next, [edited, bg], '2030-01-01')).not.toThrow();
  });
});
