const key = 'sessionId';

/**
 * The anonymous session id (`session_<random>_<timestamp>`, the format analytics expects), kept in sessionStorage
 * for the browser session. It identifies nobody: it only keeps one rating per tip per visit.
 */
export function sessionId(): string {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored) return stored;
    const created = newSessionId();
    sessionStorage.setItem(key, created);
    return created;
  } catch {
    // Storage blocked: a fresh id per page still lets the request through.
    return newSessionId();
  }
}

function newSessionId(): string {
  const random = crypto.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(36), '');
  return `session_${random}_${Date.now()}`;
}
