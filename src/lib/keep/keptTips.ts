// Tips a visitor keeps (DECISIONS.md, 2026-11-27): in this browser's localStorage only, never sent
// anywhere, by the language-neutral id (`5`, `r3`), so a tip kept on an English page is kept in Bulgarian
// too. A list travels to another device in a URL fragment (`/saved#keep=5,r3`), which no server sees.

const storageKey = 'keptTips';
/** The fragment's name for a sent list of ids. */
const fragmentKey = 'keep';
const baseId = /^r?[1-9]\d{0,3}$/;

/** One kept tip: its language-neutral id and when it was kept (ms). */
export interface KeptTip {
  id: string;
  at: number;
}

function isKeptTip(value: unknown): value is KeptTip {
  const tip = value as Partial<KeptTip> | null;
  return typeof tip?.id === 'string' && baseId.test(tip.id) && typeof tip.at === 'number';
}

/** The kept tips, newest first; none where storage is off or holds something else. */
export function keptTips(): KeptTip[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return (Array.isArray(stored) ? stored.filter(isKeptTip) : []).sort((a, b) => b.at - a.at);
  } catch {
    return [];
  }
}

/** Writes the list; false when the browser refuses to store (storage off, full). */
function store(tips: readonly KeptTip[]): boolean {
  try {
    localStorage.setItem(storageKey, JSON.stringify(tips));
    return true;
  } catch {
    return false;
  }
}

export const isKept = (id: string): boolean => keptTips().some((tip) => tip.id === id);

/** Keeps the tips `ids` (the first of them newest), those kept already staying where they were. */
export function keepTips(ids: readonly string[], now = Date.now()): boolean {
  const kept = keptTips();
  const fresh = ids.filter(
    (id, i) => baseId.test(id) && ids.indexOf(id) === i && !kept.some((t) => t.id === id),
  );
  return store([...fresh.map((id, i) => ({ id, at: now - i })), ...kept]);
}

export const unkeepTip = (id: string): boolean => store(keptTips().filter((tip) => tip.id !== id));

/** The fragment that carries `ids` to another device: `#keep=5,r3`. */
export const listFragment = (ids: readonly string[]): string => `#${fragmentKey}=${ids.join(',')}`;

/** The ids a sent list's fragment carries (valid ones, once each), or none. */
export function idsFromFragment(hash: string): string[] {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(fragmentKey) ?? '';
  return [...new Set(value.split(',').filter((id) => baseId.test(id)))];
}
