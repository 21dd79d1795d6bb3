import type { Translate } from '../../i18n/translate.ts';

/**
 * Tips for someone in crisis (kept in functions/tipSchema.ts, as the tip of the day leaves them out too).
 * They come with ways to reach help now and are never rated, shared or offered as the home page's tip for
 * readers without JavaScript: a like button under "call 112" reads as a joke.
 */
export { careTipIds } from '../../../functions/tipSchema.ts';

/** A way to reach help, as a link a phone can tap. */
export interface HelpLink {
  href: string;
  label: string;
}

/**
 * Where to turn, in order: 112 works in Bulgaria and across the EU; the National Children's Helpline
 * (116 111) is Bulgaria's free line for anyone under 18; findahelpline.com lists free lines in every
 * other country, so readers outside Bulgaria are not handed a number that does not ring where they are.
 */
export function helpLinks(t: Translate): HelpLink[] {
  return [
    { href: 'tel:112', label: t('help.call112') },
    { href: 'tel:116111', label: t('help.children') },
    { href: 'https://findahelpline.com', label: t('help.elsewhere') },
  ];
}
