// The request bodies of every /api route, checked with zod on the server. The pages never import this
// file: what they share with the API is in contract.ts, and the answers' types come from the routes.
import { z } from 'zod';
import { withoutHidingCharacters } from './containsLink.ts';
import {
  commentMaxLength,
  emailMaxLength,
  errorMessages,
  isValidEmail,
  languages,
  nameMaxLength,
  normaliseEmail,
  tipIdPattern,
} from './contract.ts';

const languageSchema = z.enum(languages, { error: errorMessages.languageInvalid });

/**
 * An e-mail address, bare, in its one stored spelling (contract.ts's normaliseEmail); `missing` is the
 * message when it is absent or empty. Display names, comments and the like get the invalid message.
 */
const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    // Bounded before it is worked on; the stored form's own limit is checked by isValidEmail.
    .max(emailMaxLength * 2, errorMessages.invalidEmail)
    .transform(normaliseEmail)
    .refine(isValidEmail, errorMessages.invalidEmail);

/** Text a visitor typed: without characters that only hide something, trimmed, required, bounded. */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: errorMessages.commentFieldsRequired })
    .overwrite(withoutHidingCharacters)
    .trim()
    .min(1, errorMessages.commentFieldsRequired)
    .max(max, tooLong)
    // Postgres text cannot hold U+0000; refusing it keeps such input a 400 instead of a database error.
    .refine((value) => !value.includes('\u0000'), errorMessages.controlCharacters);

/** The invisible honeypot field, true when filled: anything but absent or blank means a bot filled it in. */
const honeypot = z
  .unknown()
  .optional()
  .transform((value) => (value ?? false) !== false && String(value).trim() !== '');

// ---- Request bodies -------------------------------------------------------------------------------

/** POST /api/subscribe. `language` is the page's, for the letters (English when absent). */
export const subscribeBody = z.object({
  email: email(errorMessages.invalidEmail),
  language: languageSchema.default('en'),
  website: honeypot,
});

/** A signed token from a letter's link, refused with `invalid` when it cannot be one. */
const token = (invalid: string) => z.object({ token: z.string({ error: invalid }).max(200, invalid) });

/** POST /api/subscribe/confirm: the token from the link in the confirmation letter. */
export const confirmBody = token(errorMessages.confirmInvalid);

/** POST /api/unsubscribe from the unsubscribe page: the token from a letter's link. */
export const unsubscribeBody = token(errorMessages.unsubscribeInvalid);

/** GET and POST /api/moderation: the token from an approve or hide link of a moderation letter. */
export const moderationToken = token(errorMessages.moderationInvalid);

/** POST /api/moderation/comment also takes the page's language, for the article's title. */
export const moderationShowBody = moderationToken.extend({ lang: languageSchema.optional() });

/** POST /api/tip-ratings. English ids look like `en_5`/`en_r3`, Bulgarian ones `5`/`r3`. */
export const tipRatingBody = z.object({
  tipId: z.string({ error: errorMessages.tipIdInvalid }).regex(tipIdPattern, errorMessages.tipIdInvalid),
  language: languageSchema,
  rating: z.union([z.literal(0), z.literal(1)], { error: errorMessages.tipRatingInvalid }),
  sessionId: z
    .string({ error: errorMessages.sessionIdInvalid })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, errorMessages.sessionIdInvalid),
});

/** POST /api/articles/:id/rating */
export const articleRatingBody = z.object({
  rating: z
    .int({ error: errorMessages.articleRatingInvalid })
    .min(1, errorMessages.articleRatingInvalid)
    .max(5, errorMessages.articleRatingInvalid),
  email: email(errorMessages.ratingEmailRequired),
});

/** POST /api/articles/:id/comments. */
export const commentBody = z.object({
  name: text(nameMaxLength, errorMessages.nameTooLong),
  comment: text(commentMaxLength, errorMessages.commentTooLong),
  // Optional: an empty or blank field counts as not given.
  email: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    email(errorMessages.invalidEmail).optional(),
  ),
  language: languageSchema,
  website: honeypot,
});
