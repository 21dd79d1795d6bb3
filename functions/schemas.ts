// Request and response shapes of every /api route, shared by the handlers and the browser islands.
// Islands import only types from here (and values from contract.ts), so zod stays out of the pages.
import { z } from 'zod';
import {
  commentMaxLength,
  emailMaxLength,
  emailPattern,
  errorMessages,
  languages,
  nameMaxLength,
} from './contract.ts';

export * from './contract.ts';

export const languageSchema = z.enum(languages, { error: errorMessages.languageInvalid });

// Postgres text cannot hold U+0000; refusing it keeps such input a 400 instead of a database error.
const hasNul = (value: string) => value.includes('\u0000');

/** An e-mail address, trimmed and lower-cased; `missing` is the message when it is absent or empty. */
const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(emailMaxLength, errorMessages.invalidEmail)
    .regex(emailPattern, errorMessages.invalidEmail)
    .refine((value) => !hasNul(value), errorMessages.invalidEmail);

/** Text a visitor typed: trimmed, required, bounded. */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: errorMessages.commentFieldsRequired })
    .trim()
    .min(1, errorMessages.commentFieldsRequired)
    .max(max, tooLong)
    .refine((value) => !hasNul(value), errorMessages.controlCharacters);

// ---- Request bodies -------------------------------------------------------------------------------

/**
 * POST /api/subscribe. `language` is the page's, for the letters (English when absent); `website` is
 * the invisible honeypot field: people leave it empty.
 */
export const subscribeBody = z.object({
  email: email(errorMessages.invalidEmail),
  language: languageSchema.default('en'),
  website: z.unknown().optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** POST /api/subscribe/confirm: the token from the link in the confirmation letter. */
export const confirmBody = z.object({
  token: z.string({ error: errorMessages.confirmInvalid }).max(200, errorMessages.confirmInvalid),
});
export type ConfirmBody = z.infer<typeof confirmBody>;

/** POST /api/tip-ratings. English ids look like `en_5`/`en_r3`, Bulgarian ones `5`/`r3`. */
export const tipRatingBody = z.object({
  tipId: z
    .string({ error: errorMessages.tipIdInvalid })
    .regex(/^(en_)?r?\d{1,4}$/, errorMessages.tipIdInvalid),
  language: languageSchema,
  rating: z.union([z.literal(0), z.literal(1)], { error: errorMessages.tipRatingInvalid }),
  sessionId: z
    .string({ error: errorMessages.sessionIdInvalid })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, errorMessages.sessionIdInvalid),
});
export type TipRatingBody = z.infer<typeof tipRatingBody>;

/** POST /api/articles/:id/rating */
export const articleRatingBody = z.object({
  rating: z
    .int({ error: errorMessages.articleRatingInvalid })
    .min(1, errorMessages.articleRatingInvalid)
    .max(5, errorMessages.articleRatingInvalid),
  email: email(errorMessages.ratingEmailRequired),
});
export type ArticleRatingBody = z.infer<typeof articleRatingBody>;

/** POST /api/articles/:id/comments. `website` is the invisible honeypot field: people leave it empty. */
export const commentBody = z.object({
  name: text(nameMaxLength, errorMessages.nameTooLong),
  comment: text(commentMaxLength, errorMessages.commentTooLong),
  // Optional: an empty or blank field counts as not given.
  email: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    email(errorMessages.invalidEmail).optional(),
  ),
  language: languageSchema,
  website: z.unknown().optional(),
});
export type CommentBody = z.infer<typeof commentBody>;

// ---- Responses ------------------------------------------------------------------------------------

export const errorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const subscribeResponse = z.object({ success: z.boolean(), error: z.string().optional() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

export const confirmResponse = z.object({ confirmed: z.literal(true) });
export type ConfirmResponse = z.infer<typeof confirmResponse>;

/** Also the answer when the address was already gone: the link's work is done either way. */
export const unsubscribeResponse = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

export const tipRatingResponse = z.object({ ok: z.literal(true) });
export type TipRatingResponse = z.infer<typeof tipRatingResponse>;

/** `average` is rounded to one decimal; `{ average: 0, count: 0 }` when nobody rated yet. */
export const ratingSummary = z.object({ average: z.number(), count: z.int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** A comment as the public sees it: never an e-mail address. `createdAt` is an ISO 8601 string. */
export const publicComment = z.object({
  id: z.int(),
  name: z.string(),
  comment: z.string(),
  language: languageSchema,
  createdAt: z.string(),
});
export type PublicComment = z.infer<typeof publicComment>;

export const commentsResponse = z.object({ comments: z.array(publicComment) });
export type CommentsResponse = z.infer<typeof commentsResponse>;

/** `held` comments contain a link and wait for the operator; `published` ones show at once. */
export const postCommentResponse = z.object({
  comment: publicComment,
  status: z.enum(['published', 'held']),
});
export type PostCommentResponse = z.infer<typeof postCommentResponse>;

/** Every field is "Unknown" when the platform did not say. */
export const geoResponse = z.object({
  country_code: z.string(),
  country_name: z.string(),
  city: z.string(),
  region: z.string(),
});
export type GeoResponse = z.infer<typeof geoResponse>;

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;
