// The build's checks of content/tips.json: each entry by the schema the API reads the file with, then
// what only the whole list shows.
import { z } from 'zod';
import { type TipEntry, tipSchema } from '../../../functions/tipSchema.ts';
import { findSimilarTips } from './similarTips.ts';
import { checkTipShapes } from './tipShapes.ts';

export { isRare, maxTipLength, type TipEntry, tipSchema } from '../../../functions/tipSchema.ts';

/**
 * Checks what a schema cannot see entry by entry: unique ids, texts within each language that neither
 * repeat nor closely reword another tip (see `similarTips.ts`), and the limits on shapes (`tipShapes.ts`).
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
  problems.push(...findSimilarTips(entries), ...checkTipShapes(entries));
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
      const id = typeof item === 'object' && item !== null && 'id' in item ? item.id : `#${index + 1}`;
      for (const issue of result.error.issues)
        problems.push(`tip ${String(id)}: ${issue.path.join('.')} ${issue.message}`);
    }
  });
  problems.push(...checkTips(tips));
  if (problems.length > 0) throw new Error(`content/tips.json has problems:\n- ${problems.join('\n- ')}`);
  return tips;
}
