import { describe, expect, it } from 'vitest';
import { tipCategories, tipCategoryNames } from '../../src/i18n/categories.ts';
import { fill } from '../../src/i18n/fill.ts';
import { formatDate, formatNumber, formatUsd } from '../../src/i18n/format.ts';
import { pickLabels, translator } from '../../src/i18n/translate.ts';
import { bg } from '../../src/i18n/ui/bg.ts';
import { en } from '../../src/i18n/ui/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('gives Bulgarian exactly the English keys', () => {
    expect(Object.keys(bg).sort()).toEqual(Object.keys(en).sort());
  });

  it('has no empty string in either language', () => {
    for (const dictionary of [en, bg]) {
      for (const [key, text] of Object.entries(dictionary)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('keeps the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(bg[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });

  it('ends no validation message with a period, as the product\'s own "Please enter a valid email address"', () => {
    // One short line beside a field says what to fix; sentences of news (rate limits, failures) keep theirs.
    const validation = /^(subscribe|rating|comments)\.(\w*[Rr]equired|invalid|chooseStars|\w*[Tt]ooLong)$/;
    const keys = Object.keys(en).filter((key) => validation.test(key)) as (keyof typeof en)[];
    expect(keys.length).toBeGreaterThanOrEqual(6);
    for (const dictionary of [en, bg])
      for (const key of keys) expect(dictionary[key], key).not.toMatch(/[.!]$/);
  });

  it("holds the product's fixed texts word for word", () => {
    const t = translator('en');
    expect(t('home.title')).toBe('IMPORTANT ADVICE');
    expect(t('home.subtitle')).toBe('HELLO, SUPERSTAR');
    expect(t('advice.button')).toBe('GET WISDOM');
    expect(t('advice.loading')).toBe('GENERATING...');
    expect(t('feedback.question')).toBe('Like this advice?');
    expect(t('feedback.thanks')).toBe('Respec.');
    expect(t('blog.title')).toBe('A collection of reflections');
    expect(t('donate.title')).toBe('Support Us');
    expect(t('donate.choose')).toBe('Choose Donation Amount');
    expect(t('notFound.title')).toBe('Oops! Page not found');
    expect(t('notFound.home')).toBe('Return to Home');
    expect(t('error.title')).toBe('Unexpected Application Error!');
    expect(t('subscribe.invalid')).toBe('Please enter a valid email address');
    expect(t('subscribe.exists')).toBe('This email is already subscribed!');
    expect(t('subscribe.success')).toBe('A letter is on its way: one step left.');
  });

  it('names every tip category in both languages', () => {
    for (const lang of ['en', 'bg'] as const) {
      for (const category of tipCategories) expect(tipCategoryNames[lang][category]).toBeTruthy();
    }
    expect(tipCategoryNames.en.selfEsteem).toBe('Self-esteem');
    expect(tipCategoryNames.bg.sleep).toBe('Сън');
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones alone', () => {
    expect(translator('en')('privacy.updated', { date: 'today' })).toBe('Last updated: today');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('picks only the asked labels', () => {
    expect(pickLabels('bg', ['nav.blog', 'nav.privacy'])).toEqual({
      'nav.blog': 'Блог',
      'nav.privacy': 'Поверителност',
    });
  });
});

describe('formatting per language', () => {
  const date = new Date('2025-09-01');

  it('writes dates as each language does', () => {
    expect(formatDate(date, 'en')).toBe('September 1, 2025');
    expect(formatDate(date, 'bg')).toBe('1 септември 2025 г.');
  });

  it('does not shift a date across midnight in other time zones', () => {
    expect(formatDate(new Date('2025-08-01'), 'en')).toBe('August 1, 2025');
  });

  it('writes numbers and dollar amounts per language', () => {
    expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
    expect(formatNumber(4.5, 'bg', 1)).toBe('4,5');
    expect(formatUsd(5, 'en')).toBe('$5');
    expect(formatUsd(50, 'bg')).toBe('50\u00a0$');
  });
});
