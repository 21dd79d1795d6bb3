/** Markdown/MDX source as plain reading text: no headings marks, emphasis, quotes, list markers or links. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^import\s.*$/gm, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The blog list's teaser: the article's text up to the last whole word within `length` characters, then
 * an ellipsis (a first word longer than that is cut inside it rather than leaving nothing).
 * @example excerpt('## Hi\n\nA **bold** start.', 12) // 'Hi A bold…'
 */
export function excerpt(markdown: string, length = 200): string {
  const text = plainText(markdown);
  if (text.length <= length) return text;
  // A space right after the cut means it fell between words.
  const cut = text.slice(0, length + 1);
  const end = cut.lastIndexOf(' ');
  const words = end > 0 ? cut.slice(0, end) : text.slice(0, length);
  return `${words.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}
