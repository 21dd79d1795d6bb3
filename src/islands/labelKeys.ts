import type { UiKey } from '../i18n/ui/en.ts';

// Each island's texts by dictionary key: a page picks them with `pickLabels(lang, keys)` and passes them
// as the island's `labels`. The lists live here, apart from the islands, so they never reach the browser.

/** The advice generator (AdviceGenerator.tsx). */
export const adviceLabelKeys = [
  'home.welcome',
  'advice.button',
  'advice.loading',
  'advice.region',
  'advice.share',
  'advice.shared',
  'advice.copied',
  'advice.copyByHand',
  'advice.shareFailed',
  'advice.unavailable',
  'feedback.question',
  'feedback.like',
  'feedback.dislike',
  'feedback.thanks',
  'tip.metaTitle',
] as const satisfies readonly UiKey[];

export type AdviceLabels = Record<(typeof adviceLabelKeys)[number], string>;

/** The newsletter box (SubscribeBox.tsx). */
export const subscribeLabelKeys = [
  'subscribe.title',
  'subscribe.description',
  'subscribe.label',
  'subscribe.placeholder',
  'subscribe.button',
  'subscribe.saving',
  'subscribe.successTitle',
  'subscribe.success',
  'subscribe.errorTitle',
  'subscribe.errorGeneric',
  'subscribe.invalid',
  'subscribe.exists',
  'subscribe.rateLimited',
  'subscribe.unexpected',
  // After success: the line asking the visitor to confirm from their inbox.
  'newsletter.checkInbox',
  // The invisible honeypot field's label.
  'comments.honeypot',
] as const satisfies readonly UiKey[];

export type SubscribeLabels = Record<(typeof subscribeLabelKeys)[number], string>;

/** The article's star rating (ArticleRating.tsx). */
export const ratingLabelKeys = [
  'rating.title',
  'rating.summary',
  'rating.count.zero',
  'rating.count.one',
  'rating.count.other',
  'rating.stars.one',
  'rating.stars.other',
  'rating.emailLabel',
  'rating.emailHint',
  'rating.submit',
  'rating.sending',
  'rating.loading',
  'rating.unavailable',
  'rating.emailRequired',
  'rating.chooseStars',
  'rating.thanks',
  'rating.error',
  'rating.rateLimited',
  'subscribe.invalid',
  'error.title',
  'error.back',
] as const satisfies readonly UiKey[];

export type RatingLabels = Record<(typeof ratingLabelKeys)[number], string>;

/** The article's comment thread and form (Comments.tsx). */
export const commentsLabelKeys = [
  'comments.title',
  'comments.empty',
  'comments.formTitle',
  'comments.name',
  'comments.comment',
  'comments.email',
  'comments.honeypot',
  'comments.submit',
  'comments.sending',
  'comments.loading',
  'comments.loadError',
  'comments.retry',
  'comments.required',
  'comments.nameRequired',
  'comments.commentRequired',
  'comments.success',
  'comments.held',
  'comments.error',
  'comments.rateLimited',
  'subscribe.invalid',
  'error.title',
  'error.back',
] as const satisfies readonly UiKey[];

export type CommentsLabels = Record<(typeof commentsLabelKeys)[number], string>;
