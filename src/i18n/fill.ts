/**
 * Fills `{name}` placeholders in a translated string. Kept apart from the dictionaries so islands can
 * use it without downloading them.
 * @example fill('Link: {url}', { url: '/tips/5' }) // 'Link: /tips/5'
 */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
