// Comments with links are the usual spam; they wait for the operator instead of publishing at once.

const linkPatterns = [
  /https?:\/\//i,
  /\bwww\./i,
  // A bare domain such as example.com or пример.бг: word, dot, letters. Catches "end.Next" typos
  // too, which only means a person's comment waits for review.
  /[\p{L}\p{N}-]+\.\p{L}{2,}/u,
];

/** True when the text looks like it holds a link: `containsLink('see example.com')` is true. */
export function containsLink(text: string): boolean {
  return linkPatterns.some((pattern) => pattern.test(text));
}
