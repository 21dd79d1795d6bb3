import { z } from 'zod';
import { tipCategories } from '../../i18n/categories.ts';
import { findSimilarTips } from './similarTips.ts';

/**
 * Longest tip text, in characters. A tip is read in five seconds, and on a 320 x 640 phone the
 * generator's card must leave GET WISDOM on the first screen: about 110 characters of Bulgarian fill
 * the card's eight lines there. The browser test tests/e2e/tipsFirstScreen.test.ts measures every tip.
 */
export const maxTipLength = 110;

const tipText = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(maxTipLength, `is longer than ${maxTipLength} characters`);

/** One entry of `content/tips.json`. Regular ids are `1`, `2`, ...; rare ones `r1`, `r2`, ... */
export const tipSchema = z.object({
  id: z.string().regex(/^r?[1-9]\d*$/, 'must be a number, or r and a number for a rare tip'),
  category: z.enum(tipCategories),
  en: tipText,
  bg: tipText,
});

export type TipEntry = z.infer<typeof tipSchema>;

/** Rare tips are the ones whose id starts with `r`. */
export function isRare(id: string): boolean {
  return id.startsWith('r');
}

/**
 * Checks what a schema cannot see entry by entry: unique ids, and texts within each language that
 * neither repeat nor closely reword another tip (see `similarTips.ts`).
 * Returns one readable line per problem; an empty list means the tips are fine.
 */
export function checkTips(entries: readonly TipEntry[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const texts = { en: new Map<string, string>(), bg: new Map<string, string>() };
  for (const tip of entries) {
    if (ids.has(tip.id)) problems.push(`tip ${tip.id}: the id is used twice`);
    ids.add(tip.id);
    for (const lang of ['en', 'bg'] as const) {
      const key = tip[lang].trim().toLocaleLowerCase();
      const first = texts[lang].get(key);
      if (first) problems.push(`tip ${tip.id}: the ${lang} text repeats tip ${first}`);
      else texts[lang].set(key, tip.id);
    }
  }
  problems.push(...findSimilarTips(entries));
  return problems;
}

/** Validates the raw JSON of `content/tips.json`; throws one error listing every problem. */
export function parseTips(raw: unknown): TipEntry[] {
  const list = z.array(z.unknown()).parse(raw);
  const problems: string[] = [];
  const tips: TipEntry[] = [];
  list.forEach((item, index) => {
    const result = tipSchema.safeParse(item);
    if (result.success) tips.push(result.data);
    else {
      const id = (item as { id?: unknown } | null)?.id ?? `#${index + 1}`;
      for (const issue of result.error.issues)
        problems.push(`tip ${String(id)}: ${issue.path.join('.')} ${issue.message}`);
    }
  });
  problems.push(...checkTips(tips));
  if (problems.length > 0) throw new Error(`content/tips.json has problems:\n- ${problems.join('\n- ')}`);
  return tips;
}
