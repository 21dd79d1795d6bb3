// Request and response shapes of every /api route, shared by the handlers and the browser islands.
// This file must import only `zod`: it is bundled into the pages.
import { z } from 'zod';

/** Every error message the API sends; the islands may match on them. */
export const errorMessages = {
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'Email already registered',
  subscribeRateLimited: 'Too many email submissions. Please try again later.',
  ratingEmailRequired: 'Email is required to submit a rating',
  commentFieldsRequired: 'Please fill in your name and comment',
  nameTooLong: 'Name must be at most 80 characters',
  commentTooLong: 'Comment must be at most 2000 characters',
  commentRateLimited: 'Too many comments. Please try again later.',
  ratingRateLimited: 'Too many ratings. Please try again later.',
  articleRatingInvalid: 'rating must be a whole number from 1 to 5',
  tipRatingInvalid: 'rating must be 1 (like) or 0 (dislike)',
  tipIdInvalid: 'tipId must be a tip id such as "en_5" or "5"',
  unknownTip: 'Unknown tip: tipId must be an "en_" id for English and a bare id for Bulgarian',
  sessionIdInvalid: 'sessionId must be 8 to 100 letters, digits, "-" or "_"',
  languageInvalid: 'language must be "en" or "bg"',
  controlCharacters: 'Text must not contain NUL characters',
  bodyNotObject: 'Request body must be a JSON object',
  malformedJson: 'Malformed JSON',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Content-Type must be application/json',
  crossSite: 'Cross-site request refused',
  articleNotFound: 'Article not found',
  notFound: 'Not found',
  serverError: 'Something went wrong',
  databaseUnavailable: 'Database unavailable',
} as const;

/** The spec's e-mail rule, applied after trimming and lower-casing. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailMaxLength = 254;
export const nameMaxLength = 80;
export const commentMaxLength = 2000;
/** POST bodies larger than this are refused with 413. */
export const bodyLimitBytes = 4096;

export const languages = ['en', 'bg'] as const;
export const languageSchema = z.enum(languages, { error: errorMessages.languageInvalid });
export type Language = z.infer<typeof languageSchema>;

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

/** POST /api/subscribe */
export const subscribeBody = z.object({ email: email(errorMessages.invalidEmail) });
export type SubscribeBody = z.infer<typeof subscribeBody>;

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
