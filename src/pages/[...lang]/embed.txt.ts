import type { APIRoute } from 'astro';
import type { Lang } from '../../i18n/languages.ts';
import { bothLanguages, localizePath } from '../../i18n/paths.ts';
import { translator } from '../../i18n/translate.ts';

export const getStaticPaths = bothLanguages;

/**
 * The one line of HTML another site pastes to show the tip of the day (functions/today/embed.ts serves
 * what it frames). A text file, not page text: its punctuation would join every page's font file.
 */
export const GET: APIRoute<{ lang: Lang }> = ({ props, site }) => {
  const src = new URL(localizePath('/embed/today', props.lang), site).href;
  const title = translator(props.lang)('today.embedTitle');
  return new Response(
    `<iframe src="${src}" title="${title}" width="100%" height="200" style="border:0;max-width:36rem;border-radius:1rem" loading="lazy"></iframe>\n`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
};
