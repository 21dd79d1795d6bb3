/**
 * Where an address that is not a page should go: an unknown article (`/blog/999`, `/bg/blog/abc`) goes
 * to the blog of its language; anything else stays on the 404 page (null). Static hosts apply the same
 * rule through `public/_redirects`; the 404 page applies it in the browser for hosts that cannot.
 */
export function unknownArticleTarget(pathname: string): string | null {
  const match = /^(\/bg)?\/blog\/[^/]+\/?$/.exec(pathname);
  return match ? `${match[1] ?? ''}/blog` : null;
}
