// One entry of content/tips.json, one rule for both readers: the site build (src/lib/tips/tipRules.ts,
// which also checks the list as a whole) and the API, which reads the file at run time.
import { z } from 'zod';

/** Canonical tip category keys, stored in `content/tips.json`; display names in src/i18n/categories.ts. */
export const tipCategories = [
  'problemSolving',
  'mentalHealth',
  'productivity',
  'relationships',
  'finance',
  'anxiety',
  'motivation',
  'selfEsteem',
  'health',
  'mindfulness',
  'technology',
  'support',
  'perfectionism',
  'clarity',
  'emotions',
  'change',
  'fear',
  'sleep',
  'activity',
  'selfCare',
  'socialSkills',
  'selfImprovement',
  'patience',
] as const;

export type TipCategory = (typeof tipCategories)[number];

/**
 * Longest tip text, in characters. A tip is read in five seconds, and on a 320 x 640 phone the
 * generator's card must leave GET WISDOM on the first screen: about 110 characters of Bulgarian fill
 * the card's eight lines there. The browser test tests/e2e/tipsFirstScreen.test.ts measures every tip.
 */
export const maxTipLength = 110;

const tipText = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(maxTipLength, `is longer than ${maxTipLength} characters`);

/** One entry of `content/tips.json`. Regular ids are `1`, `2`, ...; rare ones `r1`, `r2`, ... */
export const tipSchema = z.object({
  id: z.string().regex(/^r?[1-9]\d*$/, 'must be a number, or r and a number for a rare tip'),
  category: z.enum(tipCategories),
  en: tipText,
  bg: tipText,
});

export type TipEntry = z.infer<typeof tipSchema>;

/** Rare tips are the ones whose id starts with `r`. */
export const isRare = (id: string): boolean => id.startsWith('r');

/**
 * Tips for someone in crisis (site: src/lib/tips/careTips.ts): never rated or shared, and never the tip
 * of the day, as a tip picked by the calendar should not be the one that has to be met with care.
 */
export const careTipIds: ReadonlySet<string> = new Set(['85']);
