import { fill } from './fill.ts';
import type { Lang } from './languages.ts';
import { bg } from './ui/bg.ts';
import { en, type UiKey } from './ui/en.ts';

export type { UiKey };

const dictionaries: Record<Lang, Record<UiKey, string>> = { en, bg };

export type Translate = (key: UiKey, vars?: Record<string, string | number>) => string;

/**
 * Returns `t(key, vars)` for one language; `{name}` placeholders are filled from `vars`.
 * @example translator('bg')('nav.blog') // 'Блог'
 */
export function translator(lang: Lang): Translate {
  const dictionary = dictionaries[lang];
  return (key, vars) => (vars ? fill(dictionary[key], vars) : dictionary[key]);
}

/**
 * The few strings an island needs, picked on the server so the browser never downloads the dictionaries.
 * @example pickLabels('bg', ['advice.button']) // { 'advice.button': 'ДАЙ МЪДРОСТ' }
 */
export function pickLabels<K extends UiKey>(lang: Lang, keys: readonly K[]): Record<K, string> {
  const dictionary = dictionaries[lang];
  return Object.fromEntries(keys.map((key) => [key, dictionary[key]])) as Record<K, string>;
}
