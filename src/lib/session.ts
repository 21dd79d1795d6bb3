// Two anonymous ids per browser session, kept apart so a tip's rating can never be joined to an
// analytics profile: one for the analytics tag (after consent), one for tip ratings (one per tip a visit).
// Both live in sessionStorage for the browser session and identify nobody.

/** Random letters and digits from the browser's cryptographic source. */
const random = () =>
  crypto.getRandomValues(new Uint32Array(3)).reduce((text, n) => text + n.toString(36), '');

/** The id kept under `key`, made by `create` on first use (a fresh one per page where storage is blocked). */
function kept(key: string, create: () => string): string {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored) return stored;
    const created = create();
    sessionStorage.setItem(key, created);
    return created;
  } catch {
    return create();
  }
}

/** The analytics session id, `session_<random>_<timestamp>`: the format the analytics events expect. */
export const sessionId = () => kept('sessionId', () => `session_${random()}_${Date.now()}`);

/** The tip-rating session id, `rating_<random>`: no start time, nothing shared with analytics. */
export const ratingSessionId = () => kept('ratingSessionId', () => `rating_${random()}`);
