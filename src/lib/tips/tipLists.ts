import { getCollection } from 'astro:content';
import { tipIdFor } from '../../../functions/contract.ts';
import { type TipCategory, tipCategoryNames } from '../../i18n/categories.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { ShownTip } from '../../stores/advice.ts';
import { careTipIds } from './careTips.ts';
import { combinedList } from './combinedList.ts';
import { isRare } from './tipRules.ts';

/** Every tip in one language, in id order (1, 2, ... then r1, r2, ...), as the pages show it. */
export async function allTips(
  lang: Lang,
): Promise<(ShownTip & { baseId: string; rare: boolean; topic: TipCategory })[]> {
  const entries = await getCollection('tips');
  const number = (id: string) => Number(id.replace('r', ''));
  return entries
    .map((entry) => entry.data)
    .sort((a, b) => Number(isRare(a.id)) - Number(isRare(b.id)) || number(a.id) - number(b.id))
    .map((tip) => ({
      id: tipIdFor(tip.id, lang),
      baseId: tip.id,
      rare: isRare(tip.id),
      text: tip[lang],
      category: tipCategoryNames[lang][tip.category],
      topic: tip.category,
      ...(careTipIds.has(tip.id) ? { care: true } : {}),
    }));
}

/** The generator's list for one language, by the slot rule of combinedList.ts. */
export async function generatorTips(lang: Lang): Promise<ShownTip[]> {
  const tips = await allTips(lang);
  const shown = ({ id, text, category, care }: ShownTip): ShownTip => ({
    id,
    text,
    category,
    ...(care ? { care } : {}),
  });
  return combinedList(tips.filter((tip) => !tip.rare).map(shown), tips.filter((tip) => tip.rare).map(shown));
}
