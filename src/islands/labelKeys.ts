import { en, type UiKey } from '../i18n/ui/en.ts';

// Each island's texts by dictionary key: a page picks them with `pickLabels(lang, keys)` and passes them
// as the island's `labels`. The lists live here, apart from the islands, so they never reach the browser.

/** Every key of the dictionary's group `name` (`rating.…`) but its <noscript> line, which the page shows. */
function group<Name extends string>(name: Name) {
  type Key = Exclude<Extract<UiKey, `${Name}.${string}`>, `${string}.noscript`>;
  return (Object.keys(en) as UiKey[]).filter(
    (key): key is Key => key.startsWith(`${name}.`) && !key.endsWith('.noscript'),
  );
}

/** The advice generator (AdviceGenerator.tsx). */
export const adviceLabelKeys = [
  ...group('advice'),
  ...group('feedback'),
  'home.welcome',
  'tip.metaTitle',
] as const satisfies readonly UiKey[];

export type AdviceLabels = Record<(typeof adviceLabelKeys)[number], string>;

/** The newsletter box (SubscribeBox.tsx). */
export const subscribeLabelKeys = [
  ...group('subscribe'),
  // After success: the line asking the visitor to confirm from their inbox.
  'newsletter.checkInbox',
  // The invisible honeypot field's label.
  'comments.honeypot',
] as const satisfies readonly UiKey[];

export type SubscribeLabels = Record<(typeof subscribeLabelKeys)[number], string>;

/** The article's star rating (ArticleRating.tsx). */
export const ratingLabelKeys = [
  ...group('rating'),
  'subscribe.invalid',
  'error.title',
  'error.back',
] as const satisfies readonly UiKey[];

export type RatingLabels = Record<(typeof ratingLabelKeys)[number], string>;

/** The article's comment thread and form (Comments.tsx). */
export const commentsLabelKeys = [
  ...group('comments'),
  'subscribe.invalid',
  'error.title',
  'error.back',
] as const satisfies readonly UiKey[];

export type CommentsLabels = Record<(typeof commentsLabelKeys)[number], string>;
