import { describe, expect, it } from 'vitest';
import { baseTipId, tipIdFor } from '../../functions/contract.ts';
import {
  bothLanguages,
  counterpartPath,
  inEachLanguage,
  langOfPath,
  localizePath,
  neutralPath,
} from '../../src/i18n/paths.ts';

describe('paths', () => {
  it('tells the language of a path', () => {
    expect(langOfPath('/')).toBe('en');
    expect(langOfPath('/about')).toBe('en');
    expect(langOfPath('/bg')).toBe('bg');
    expect(langOfPath('/bg/')).toBe('bg');
    expect(langOfPath('/bg/blog/1')).toBe('bg');
    expect(langOfPath('/bgood')).toBe('en');
  });

  it('strips the language prefix and trailing slashes', () => {
    expect(neutralPath('/bg/')).toBe('/');
    expect(neutralPath('/bg')).toBe('/');
    expect(neutralPath('/bg/about/')).toBe('/about');
    expect(neutralPath('/blog/3')).toBe('/blog/3');
    expect(neutralPath('/')).toBe('/');
  });

  it('puts Bulgarian under /bg and keeps English unprefixed', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/', 'bg')).toBe('/bg/');
    expect(localizePath('/blog/1', 'bg')).toBe('/bg/blog/1');
    expect(localizePath('/privacy', 'en')).toBe('/privacy');
  });

  it('finds the same page in the other language', () => {
    expect(counterpartPath('/', 'bg')).toBe('/bg/');
    expect(counterpartPath('/bg/', 'en')).toBe('/');
    expect(counterpartPath('/about', 'bg')).toBe('/bg/about');
    expect(counterpartPath('/bg/blog/3', 'en')).toBe('/blog/3');
    expect(counterpartPath('/about', 'en')).toBe('/about');
  });

  it('maps tip ids between the languages', () => {
    expect(tipIdFor('5', 'en')).toBe('en_5');
    expect(tipIdFor('r3', 'bg')).toBe('r3');
    expect(baseTipId('en_r3')).toBe('r3');
    expect(baseTipId('12')).toBe('12');
    expect(counterpartPath('/tips/en_5', 'bg')).toBe('/bg/tips/5');
    expect(counterpartPath('/bg/tips/r2', 'en')).toBe('/tips/en_r2');
  });

  it('gives each page of src/pages/[...lang]/ both languages', async () => {
    expect(await bothLanguages()).toEqual([
      { params: { lang: undefined }, props: { lang: 'en' } },
      { params: { lang: 'bg' }, props: { lang: 'bg' } },
    ]);
    const tips = await inEachLanguage(async (lang) => [{ params: { id: `${lang}1` }, props: { n: 1 } }]);
    expect(tips.map((path) => path.params)).toEqual([
      { id: 'en1', lang: undefined },
      { id: 'bg1', lang: 'bg' },
    ]);
  });
});
