/** Site-wide settings that are not translations. */
export const siteConfig = {
  /** Shown on the privacy page as "Last updated": the day of the policy's last real change. */
  privacyUpdated: new Date('2026-11-28'),
  /**
   * The fingerprint of that dated text (`src/lib/privacy/privacyDate.ts`): the build stops when the
   * policy's text or its date changes without the other, and prints the fingerprint of a new version.
   */
  privacyFingerprint: 'a31bcfe7b0fe8b85',
  /** Donation tiers in US dollars; the buttons only log for now (no payments exist yet). */
  donationTiers: [
    { key: 'donate.tierCoffee', amount: 5 },
    { key: 'donate.tierLunch', amount: 15 },
    { key: 'donate.tierBig', amount: 50 },
  ],
  /** Blog teaser length, in characters: about two lines of the blog list on a phone. */
  excerptLength: 200,
} as const;
