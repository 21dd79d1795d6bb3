// The security headers. The site build imports them to write dist/_headers for static hosts, so the
// Node server and a CDN send the same set.
// Keep this module free of Node imports: it is loaded by the Astro build too.

/**
 * On every response: a script, a stylesheet or a JSON file is never sniffed into something else. No
 * Referrer-Policy: its value here would be every browser's default (strict-origin-when-cross-origin),
 * and each page's first 14,600 bytes, headers included, are what the first round trip brings.
 */
export const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
};

/**
 * On pages (and API answers) only, with a Content-Security-Policy: they govern a document, so a font or
 * a script file gains nothing from them but weight (over a kilobyte on each of a page's files).
 */
export const documentHeaders: Record<string, string> = {
  // Off: what a script (an operator's tag included) could use without asking the visitor (motion
  // sensors, which fingerprint; the browser's ad topics), and the prompts a visitor might grant to a site
  // they trust. The site uses none of them. Features that always ask and that nobody would grant a
  // page of tips are left to their prompts: each name costs bytes of every page's first round trip.
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), ' +
    'microphone=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // No X-Frame-Options: every page's CSP says `frame-ancestors 'none'`, which every current browser obeys.
};

/** Strict-Transport-Security, sent only on responses to HTTPS requests. */
export const hsts = 'max-age=63072000; includeSubDomains';

/** For a page when dist/_headers gives no Content-Security-Policy for its path (an unknown path's 404). */
export const defaultPageCsp =
  "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
