// The words of the tip of the day's feeds and embed, written in each language (the server imports nothing
// from the site's dictionaries, src/i18n).
import type { Lang } from '../contract.ts';

export const dayTexts: Record<Lang, { feedTitle: string; feedDescription: string; embedLink: string }> = {
  en: {
    feedTitle: 'Important Advice: tip of the day',
    feedDescription: 'One small, kind nudge for overthinkers each day, the same for everyone.',
    embedLink: 'Tip of the day from Important Advice',
  },
  bg: {
    feedTitle: 'Важен съвет: съветът за деня',
    feedDescription: 'Едно малко, мило побутване на ден за всеки, който мисли прекалено.',
    embedLink: 'Съветът за деня от „Важен съвет“',
  },
};
