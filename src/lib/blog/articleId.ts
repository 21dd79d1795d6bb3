/**
 * Reads an article id from a URL segment: a whole number only (`3`), never `3.5`, `-1`, `03x` or `abc`.
 * Returns null when the segment is not one.
 */
export function parseArticleId(segment: string): number | null {
  if (!/^\d{1,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 ? id : null;
}
