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
 * The blog list's teaser: the first `length` characters of the article's text, then an ellipsis.
 * @example excerpt('## Hi\n\nA **bold** start.', 7) // 'Hi A bo…'
 */
export function excerpt(markdown: string, length = 200): string {
  const text = plainText(markdown);
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;
}
