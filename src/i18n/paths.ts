import { baseTipId, localizePath, pathPrefix, tipIdFor } from '../../functions/contract.ts';
import { type Lang, languages } from './languages.ts';

/**
 * URL helpers. English lives at unprefixed paths, Bulgarian under `/bg` (`pathPrefix`, in the contract
 * with the API, whose letters link to the pages). Paths are written without a trailing slash, except
 * the Bulgarian home page, `/bg/`.
 */
export { localizePath };

const bg = pathPrefix.bg;

/** The language a path belongs to. */
export function langOfPath(pathname: string): Lang {
  return pathname === bg || pathname.startsWith(`${bg}/`) ? 'bg' : 'en';
}

/** The language-neutral part of a path: `/bg/about` -> `/about`, `/bg/` -> `/`. */
export function neutralPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === bg) return '/';
  return trimmed.startsWith(`${bg}/`) ? trimmed.slice(bg.length) : trimmed;
}

/**
 * The same page in another language. Tip pages carry the language in their id too.
 * @example counterpartPath('/tips/en_5', 'bg') // '/bg/tips/5'
 */
export function counterpartPath(pathname: string, lang: Lang): string {
  const neutral = neutralPath(pathname);
  const tip = /^\/tips\/([^/]+)$/.exec(neutral);
  const mapped = tip?.[1] ? `/tips/${tipIdFor(baseTipId(tip[1]), lang)}` : neutral;
  return localizePath(mapped, lang);
}

/**
 * `getStaticPaths` of a dynamic page under `src/pages/[...lang]/`, in both languages: English without
 * the `[...lang]` parameter, Bulgarian with `bg`; `pages` gives the page's own params and props.
 */
export async function inEachLanguage<P extends object>(
  pages: (lang: Lang) => Promise<{ params: Record<string, string>; props: P }[]>,
) {
  const paths = languages.map(async (lang) =>
    (await pages(lang)).map(({ params, props }) => ({
      params: { ...params, lang: lang === 'en' ? undefined : lang },
      props: { ...props, lang },
    })),
  );
  return (await Promise.all(paths)).flat();
}

/**
 * `getStaticPaths` of a page under `src/pages/[...lang]/` with no parameter of its own.
 * @example await bothLanguages() // [{ params: { lang: undefined }, props: { lang: 'en' } }, { params: { lang: 'bg' }, props: { lang: 'bg' } }]
 */
export const bothLanguages = () => inEachLanguage(async () => [{ params: {}, props: {} }]);
