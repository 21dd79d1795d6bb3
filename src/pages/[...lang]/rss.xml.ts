import type { APIRoute } from 'astro';
import type { Lang } from '../../i18n/languages.ts';
import { bothLanguages } from '../../i18n/paths.ts';
import { rssFeed } from '../../lib/blog/rssFeed.ts';

export const getStaticPaths = bothLanguages;

export const GET: APIRoute<{ lang: Lang }> = ({ props, site }) => rssFeed(props.lang, site);
