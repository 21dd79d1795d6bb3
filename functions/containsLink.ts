// Comments with links are the usual spam; they wait for the operator instead of publishing at once.
// Links are looked for in the text as a reader would see it: other dots read as dots, fullwidth letters
// as letters, and invisible characters do not split a link.

const linkPatterns = [
  /https?:\/\//i,
  /\bwww\./i,
  // A bare domain such as example.com or пример.бг: word, dot, letters. Catches "end.Next" typos
  // too, which only means a person's comment waits for review.
  /[\p{L}\p{N}-]+\.\p{L}{2,}/u,
  // A bare IPv4 address (192.0.2.1, also with a port or path), or an IPv6 one in brackets.
  /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.]*\d)/,
  /\[[\da-f]*:[\da-f:.]*\]/i,
];

/**
 * Characters that show nothing, or reorder what is shown, and that English and Bulgarian text never
 * needs: zero-width space, word joiner and invisible operators, byte-order mark, soft hyphen, Mongolian
 * vowel separator, Hangul fillers (names that look empty), and the direction marks, embeddings,
 * overrides and isolates that make text read differently from how it is stored. They are removed
 * from names and comments before anything else: they only hide something.
 */
const hiding =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/gu;

/** The text without the characters that only hide something: `'Ana\u202E'` -> `'Ana'`. */
export function withoutHidingCharacters(text: string): string {
  return text.replace(hiding, '');
}

// Every character Unicode says a reader does not see (joiners, variation selectors and tags, kept in
// stored text for emoji and flags; the combining grapheme joiner U+034F; the rest of the invisible ones):
// no part of a link, so `example.\u034Fcom` is read as `example.com`.
const invisible = /\p{Default_Ignorable_Code_Point}/gu;
// Full stops of other scripts and widths that a browser's address bar reads as a dot.
const otherDots = /[\u3002\uFF0E\uFF61\uFE52\u2024]/gu;
// Tag characters outside an emoji flag carry text nobody sees (an old trick to smuggle words past a
// reader): such comments wait for review.
const hiddenText = /(?<!\u{1F3F4}[\u{E0000}-\u{E007F}]*)[\u{E0000}-\u{E007F}]/u;

/** True when the text looks like it holds a link: `containsLink('see example。com')` is true. */
export function containsLink(text: string): boolean {
  const seen = withoutHidingCharacters(text).normalize('NFKC').replace(invisible, '').replace(otherDots, '.');
  return linkPatterns.some((pattern) => pattern.test(seen)) || hiddenText.test(text);
}
