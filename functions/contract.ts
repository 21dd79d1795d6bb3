// The contract between the pages and the API, in one dependency-free module both import: languages,
// tip ids, messages, limits and the shapes of what the API answers. The browser bundles only what it
// uses from here (no zod); the request schemas in schemas.ts are built from these.

/** The site's languages; English is the default and lives at unprefixed URLs. */
export const languages = ['en', 'bg'] as const;
export type Lang = (typeof languages)[number];

/** Where each language's pages live: English unprefixed, Bulgarian under `/bg`; written here alone. */
export const pathPrefix: Record<Lang, string> = { en: '', bg: '/bg' };

/**
 * The path of a language-neutral page in one language, for the pages and for the links in letters.
 * @example localizePath('/about', 'bg') // '/bg/about'; localizePath('/', 'bg') // '/bg/'
 */
export const localizePath = (neutral: string, lang: Lang): string => `${pathPrefix[lang]}${neutral}`;

/** A tip id as a language spells it: English `en_5` / `en_r3`, Bulgarian `5` / `r3`, at most 4 digits. */
export const tipIdPattern = /^(en_)?r?\d{1,4}$/;

/** A tip's id as that language spells it: English `en_5` / `en_r3`, Bulgarian `5` / `r3`. */
export const tipIdFor = (baseId: string, lang: Lang): string => (lang === 'en' ? `en_${baseId}` : baseId);

/** The language-neutral id of a tip from either spelling: `en_5` -> `5`, `r3` -> `r3`. */
export const baseTipId = (tipId: string): string => (tipId.startsWith('en_') ? tipId.slice(3) : tipId);

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
  afterInvalid: 'after must be a time in milliseconds',
  notFound: 'Not found',
  serverError: 'Something went wrong',
  confirmInvalid: 'This confirmation link is not valid',
  confirmExpired: 'This confirmation link has expired: please subscribe again',
  confirmUsed: 'This confirmation link was already used: the subscription is confirmed',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  moderationInvalid: 'This moderation link is not valid',
  moderationExpired: 'This moderation link has expired: decide with npm run admin -- approve or hide',
  moderationGone: 'This comment no longer exists',
  moderationApproved: 'This comment was already approved',
  moderationHidden: 'This comment was already hidden',
  moderationRateLimited: 'Too many moderation requests. Please try again later.',
} as const;

// An address is accepted only bare (`name@example.com`): no display name, comment, angle brackets,
// quotes or inner spaces, so one mailbox has one spelling and no visitor's text reaches a letter's
// headers. The local part is RFC 5322's dot-atom (ASCII); the domain is a host name whose labels are
// letters, digits and hyphens, an internationalised one written in its ASCII (punycode) form.
const localPart = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const domainLabel = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const topLabel = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';

/** A canonical address: lower-case dot-atom, @, a host name of two or more labels. */
const emailPattern = new RegExp(`^(?=[^@]{1,64}@)${localPart}@(?:${domainLabel}\\.)+${topLabel}$`);

/**
 * An internationalised domain in its ASCII form, the one the URL standard (and node:url's
 * domainToASCII) gives, so the page and the server agree: `пример.бг` -> `xn--e1afmkfd.xn--90ae`.
 * A domain that is not a plain host name is returned as given, to fail the pattern.
 */
function asciiDomain(domain: string): string {
  // Pure ASCII needs no mapping; anything that could change what URL parses is left to fail.
  if (/^[\x21-\x7e]*$/.test(domain) || /[\s/?#@:\\%[\]<>^|]/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/**
 * The one spelling an address is checked and stored in: trimmed, lower-cased, without the domain's
 * trailing dot, the domain in ASCII. `normaliseEmail(' Ana@Example.COM. ')` is `'ana@example.com'`.
 * Whether the result is an address at all is `isValidEmail`'s question.
 */
export function normaliseEmail(input: string): string {
  const trimmed = input.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${asciiDomain(trimmed.slice(at + 1)).replace(/\.$/, '')}`;
}

/** Whether an address (already normalised) is a bare address of at most 254 characters. */
export const isValidEmail = (email: string): boolean =>
  email.length <= emailMaxLength && emailPattern.test(email);
export const emailMaxLength = 254;
export const nameMaxLength = 80;
export const commentMaxLength = 2000;

/**
 * How long a shared cache may serve an article's comments and rating (functions/http/sharedCache.ts):
 * fresh, then stale while it asks again. The pages ask with `?after=` for this long after the visitor's
 * own change, so they never meet an answer from before it.
 */
export const sharedCacheLifetime = { freshSeconds: 10, staleSeconds: 5 } as const;
/**
 * POST bodies larger than this are refused with 413. Room for the longest comment in any script (2,000
 * emoji are 8,000 bytes) and for one a few times over, so the answer names the field that is too long.
 */
export const bodyLimitBytes = 16_384;

// ---- What the API answers (the typed client in src/lib/api/client.ts infers them from the routes) ----

/** `average` is rounded to one decimal; `{ average: 0, count: 0 }` when nobody rated yet. */
export interface RatingSummary {
  average: number;
  count: number;
}

/** A comment as the public sees it: never an e-mail address. `createdAt` is an ISO 8601 string. */
export interface PublicComment {
  id: number;
  name: string;
  comment: string;
  language: Lang;
  createdAt: string;
}

/** What a moderation link asks for, and where its comment stands: `held` until someone decided. */
export type ModerationAction = 'approve' | 'hide';
export const moderationStatuses = ['published', 'held', 'hidden'] as const;
