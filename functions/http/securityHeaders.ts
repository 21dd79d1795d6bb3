// The security headers. The site build imports them to write dist/_headers for static hosts, so the
// Node server and a CDN send the same set.
// Keep this module free of Node imports: it is loaded by the Astro build too.

/** On every response: a script, a stylesheet or a JSON file is never sniffed into something else. */
export const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * On pages (and API answers) only, with a Content-Security-Policy: they govern a document, so a font or
 * a script file gains nothing from them but weight (over a kilobyte on each of a page's files).
 */
export const documentHeaders: Record<string, string> = {
  // Every powerful feature off: the site uses none of them. (FLoC's `interest-cohort` is gone from
  // browsers, which now log it as unknown: `browsing-topics` replaced it.)
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), ' +
    'gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
    'serial=(), usb=(), xr-spatial-tracking=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Strict-Transport-Security, sent only on responses to HTTPS requests. */
export const hsts = 'max-age=63072000; includeSubDomains';

/** For a page when dist/_headers gives no Content-Security-Policy for its path (an unknown path's 404). */
export const defaultPageCsp =
  "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
