// The consent banner and the page analytics, on every page of a site whose operator configured a tag
// (ConsentBanner.astro); without a tag, pageEvents.ts brings the analytics where a data layer exists.
// The language toggle's memory is in the layout's head script (src/i18n/languageChoice.inline.ts).
import { PUBLIC_GA_ID, PUBLIC_GEO_ENDPOINT, PUBLIC_GTM_ID } from 'astro:env/client';
import { loadTag, rememberConsent, storedConsent } from './consent.ts';
import { startPageAnalytics, trackLanguageSwitches } from './visit.ts';

const tag = { gtmId: PUBLIC_GTM_ID, gaId: PUBLIC_GA_ID };
const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
const consent = storedConsent();
if (consent === 'granted') loadTag(tag);
if (banner && consent === null) {
  banner.hidden = false;
  for (const button of banner.querySelectorAll<HTMLButtonElement>('[data-consent-choice]')) {
    button.addEventListener('click', () => {
      const choice = button.dataset.consentChoice === 'granted' ? 'granted' : 'denied';
      rememberConsent(choice);
      banner.hidden = true;
      if (choice === 'granted' && loadTag(tag)) startPageAnalytics(PUBLIC_GEO_ENDPOINT);
    });
  }
}
startPageAnalytics(PUBLIC_GEO_ENDPOINT);
trackLanguageSwitches();
