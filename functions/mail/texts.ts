// The letters' words in each language, filled like the site's dictionaries.
import type { Lang } from '../contract.ts';
import { bg } from './texts/bg.ts';
import { en, type MailTextKey } from './texts/en.ts';

const dictionaries: Record<Lang, Record<MailTextKey, string>> = { en, bg };

export type MailText = (key: MailTextKey, vars?: Record<string, string>) => string;

/** `t(key, vars)` for one language; `{name}` placeholders are filled from `vars`. */
export function mailText(language: Lang): MailText {
  const dictionary = dictionaries[language];
  return (key, vars = {}) =>
    dictionary[key].replace(/\{(\w+)\}/g, (match, name: string) => vars[name] ?? match);
}
