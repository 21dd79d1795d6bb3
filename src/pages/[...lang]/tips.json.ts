import type { APIRoute } from 'astro';
import type { Lang } from '../../i18n/languages.ts';
import { bothLanguages } from '../../i18n/paths.ts';
import { generatorTips } from '../../lib/tips/tipLists.ts';

export const getStaticPaths = bothLanguages;

/** One language's generator list, fetched by the home page's island. */
export const GET: APIRoute<{ lang: Lang }> = async ({ props }) =>
  Response.json(await generatorTips(props.lang));
