// Every page's one inline script in <head> (bundled by src/lib/inlineScript.ts): one script, as each
// costs every page's headers a hash in the Content-Security-Policy, within the first flight.
import '../lib/fonts/switchOnFonts.ts';
import '../i18n/languageChoice.inline.ts';
import '../lib/analytics/dataLayerEvents.ts';
