import type { APIRoute } from 'astro';
import type { Lang } from '../../i18n/languages.ts';
import { bothLanguages } from '../../i18n/paths.ts';
import { allTips } from '../../lib/tips/tipLists.ts';

export const getStaticPaths = bothLanguages;

/** Every tip of one language by its language-neutral id, for the kept tips' page (`/saved`) to list. */
export const GET: APIRoute<{ lang: Lang }> = async ({ props }) =>
  Response.json(
    Object.fromEntries((await allTips(props.lang)).map((tip) => [tip.baseId, [tip.id, tip.text]])),
  );
