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
  return (key, vars) => {
    const text = dictionary[key];
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
  };
}
