// A shared cache in front of the API may answer an article's comments and rating from up to
// `sharedCacheLifetime` ago. A visitor who has just commented or rated asks, for that long, at an address
// of their own (`?after=` the time of their change), which no answer cached before it can match: a
// reload or a second tab shows their change at once. sessionStorage: the time only, for this session.
import { sharedCacheLifetime } from '../../../functions/contract.ts';

const windowMs = (sharedCacheLifetime.freshSeconds + sharedCacheLifetime.staleSeconds) * 1000;
const key = (articleId: number) => `changed:${articleId}`;

/** Remembers that this visitor has just changed the article's comments or rating. */
export function noteOwnChange(articleId: number): void {
  try {
    sessionStorage.setItem(key(articleId), String(Date.now()));
  } catch {
    // Storage refused (private mode): the POST's answer has shown the change already.
  }
}

/** The query of a read of the article: `{ after }` within the window after the visitor's own change. */
export function readQuery(articleId: number): { after?: string } {
  try {
    const at = Number(sessionStorage.getItem(key(articleId)));
    return at > 0 && Date.now() - at < windowMs ? { after: String(at) } : {};
  } catch {
    return {};
  }
}
