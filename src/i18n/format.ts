import type { Lang } from './languages.ts';

const locales: Record<Lang, string> = { en: 'en-US', bg: 'bg-BG' };

/**
 * A calendar date as people write it in that language.
 * @example formatDate(new Date('2025-08-01'), 'bg') // '1 август 2025 г.'
 */
export function formatDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A whole number with the language's grouping, e.g. 1,234 or 1 234. */
export function formatNumber(value: number, lang: Lang, fractionDigits = 0): string {
  return new Intl.NumberFormat(locales[lang], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** A US-dollar amount with no cents, e.g. "$5" in English and "5 $" in Bulgarian. */
export function formatUsd(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A moment, such as when a comment was written, in the reader's own time zone. */
export function formatDateTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Picks the plural form of a count for the language (English and Bulgarian both have one/other).
 * @example pluralForm(1, 'bg') // 'one'; pluralForm(12, 'bg') // 'other'
 */
export function pluralForm(count: number, lang: Lang): 'one' | 'other' {
  return new Intl.PluralRules(locales[lang]).select(count) === 'one' ? 'one' : 'other';
}
