// The language toggle remembers the choice, so English addresses send this visitor to it from now on:
// in localStorage for the page's own check (arrival.inline.ts), and in a cookie for the host's, which
// sends the visitor on before any page is sent (docs/i18n.md). Part of every page's head script
// (src/layouts/head.inline.ts).
import { choiceCookies } from '../../functions/arrivalDecision.ts';

/** A year in seconds, written out: the bundler keeps `365 * 24 * 60 * 60` as it is. */
const year = 31536000;

addEventListener('click', (event) => {
  const link = event.target instanceof Element && event.target.closest('[data-language-switch]');
  if (!link) return;
  const choice = link.getAttribute('data-language-switch') === 'bg' ? 'bg' : 'en';
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  for (const lang of ['bg', 'en'] as const) {
    // Only the chosen language's cookie stays, so a host's rules never see two choices.
    const age = lang === choice ? year : 0;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
    document.cookie = `${choiceCookies[lang]}=1; Max-Age=${age}; Path=/; SameSite=Lax${secure}`;
  }
  try {
    localStorage.setItem('language', choice);
  } catch {
    // Storage blocked: the cookie and the link still do their part.
  }
});
