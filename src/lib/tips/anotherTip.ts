/**
 * The tip a tip page's "Get another one" leads to: the next in one fixed shuffle of every tip but those
 * for someone in crisis, so pressing again and again walks through them all without a repeat, with no
 * script. The shuffle is by a hash of the ids: the same on every build, and unrelated to their order.
 * @example anotherTip(tips, 'en_1') // { id: 'en_57', ... }
 */
export function anotherTip<T extends { id: string; care?: true }>(
  tips: readonly T[],
  id: string,
): T | undefined {
  const ring = tips
    .filter((tip) => !tip.care)
    .sort((a, b) => hash(a.id) - hash(b.id) || a.id.localeCompare(b.id));
  const at = ring.findIndex((tip) => tip.id === id);
  // A crisis tip, not in the ring, leads to the ring's first.
  return ring[(at + 1) % ring.length];
}

/** FNV-1a: a small, stable string hash. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return value;
}
