// The letters' words in each language (src/i18n/letters, beside the site's dictionaries), filled as they are.
import { fill } from '../../src/i18n/fill.ts';
import { bg } from '../../src/i18n/letters/bg.ts';
import { en, type MailTextKey } from '../../src/i18n/letters/en.ts';
import type { Lang } from '../contract.ts';

const dictionaries: Record<Lang, Record<MailTextKey, string>> = { en, bg };

export type MailText = (key: MailTextKey, vars?: Record<string, string>) => string;

/** `t(key, vars)` for one language; `{name}` placeholders are filled from `vars`. */
export const mailText =
  (language: Lang): MailText =>
  (key, vars = {}) =>
    fill(dictionaries[language][key], vars);
