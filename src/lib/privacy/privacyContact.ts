import { isProductionBuild } from '../siteUrl.ts';

/** What a local or test build shows for the privacy contact: obviously not an address anyone reads. */
export const placeholderContact = 'privacy-contact-not-set@example.invalid';

type Env = Record<string, string | undefined>;

/**
 * The address the privacy page gives for questions about data: the operator's `PRIVACY_EMAIL`, else
 * `ADMIN_EMAIL` (the mailbox that already gets held comments). A production build without either
 * stops, since the page promises an answer within 30 days (`isProductionBuild`, the same rule as the
 * site's address); other builds show `placeholderContact`.
 * @example privacyContact({ ADMIN_EMAIL: 'me@site.bg' }) // 'me@site.bg'
 */
export function privacyContact(env: Env): string {
  const email = env.PRIVACY_EMAIL?.trim() || env.ADMIN_EMAIL?.trim();
  if (email) return email;
  if (isProductionBuild(env)) {
    throw new Error(
      'The privacy page needs a contact: set PRIVACY_EMAIL (or ADMIN_EMAIL) to a mailbox you read, then build again.',
    );
  }
  return placeholderContact;
}
