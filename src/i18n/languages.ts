/** The site's languages; English is the default and lives at unprefixed URLs. */
export const languages = ['en', 'bg'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'bg';
}
