import { describe, expect, it } from 'vitest';
import { placeholderContact, privacyContact } from '../../src/lib/privacy/privacyContact.ts';

describe('the privacy contact', () => {
  it('is PRIVACY_EMAIL, else ADMIN_EMAIL', () => {
    expect(privacyContact({ PRIVACY_EMAIL: ' privacy@site.bg ', ADMIN_EMAIL: 'admin@site.bg' })).toBe(
      'privacy@site.bg',
    );
    expect(privacyContact({ PRIVACY_EMAIL: '', ADMIN_EMAIL: 'admin@site.bg', CONTEXT: 'production' })).toBe(
      'admin@site.bg',
    );
  });

  it('stops a production build that has neither, and names what to set', () => {
    expect(() => privacyContact({ CONTEXT: 'production' })).toThrow(/PRIVACY_EMAIL/);
  });

  it('is an obvious placeholder in local, test and preview builds', () => {
    expect(privacyContact({})).toBe(placeholderContact);
    expect(privacyContact({ CONTEXT: 'deploy-preview', NODE_ENV: 'production' })).toBe(placeholderContact);
  });
});
