/** Site-wide settings that are not translations. */
export const siteConfig = {
  /** Shown on the privacy page as "Last updated". */
  privacyUpdated: new Date('2025-09-01'),
  /** Donation tiers in US dollars; the buttons only log for now (no payments exist yet). */
  donationTiers: [
    { key: 'donate.tierCoffee', amount: 5, icon: '☕' },
    { key: 'donate.tierLunch', amount: 15, icon: '🥪' },
    { key: 'donate.tierBig', amount: 50, icon: '💛' },
  ],
  /** Blog teaser length, in characters: about two lines of the blog list on a phone. */
  excerptLength: 200,
} as const;
