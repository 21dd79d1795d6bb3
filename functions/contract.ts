// Constants of the API contract with no dependencies, so the browser islands can use them without
// downloading zod (the schemas in schemas.ts are built from these).

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
  confirmInvalid: 'This confirmation link is not valid',
  confirmExpired: 'This confirmation link has expired: please subscribe again',
  confirmUsed: 'This confirmation link was already used: the subscription is confirmed',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

/** The spec's e-mail rule, applied after trimming and lower-casing. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address as it is checked and stored: trimmed and lower-cased. */
export function normaliseEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** The spec's rule for an already normalised address: no spaces or @, then @, text, a dot, text. */
export function isValidEmail(email: string): boolean {
  return emailPattern.test(email);
}
export const emailMaxLength = 254;
export const nameMaxLength = 80;
export const commentMaxLength = 2000;
/** POST bodies larger than this are refused with 413. */
export const bodyLimitBytes = 4096;

export const languages = ['en', 'bg'] as const;
export type Language = (typeof languages)[number];
