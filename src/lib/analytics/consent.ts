/** Where the visitor's answer to the analytics banner is remembered. */
export const consentKey = 'analyticsConsent';

export type Consent = 'granted' | 'denied' | null;

export function storedConsent(): Consent {
  try {
    const value = localStorage.getItem(consentKey);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function rememberConsent(consent: 'granted' | 'denied'): void {
  try {
    localStorage.setItem(consentKey, consent);
  } catch {
    // Not remembered: the banner asks again next time.
  }
}

/** The operator's optional tag: a Google Tag Manager container or a Google Analytics 4 property. */
export interface TagConfig {
  gtmId?: string;
  gaId?: string;
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/**
 * Loads the configured tag (call only after consent), with IP anonymisation and advertising signals off.
 * Returns false when no tag is configured.
 */
export function loadTag({ gtmId, gaId }: TagConfig): boolean {
  if (!gtmId && !gaId) return false;
  window.dataLayer = window.dataLayer ?? [];
  const layer = window.dataLayer;
  // gtag() must push the `arguments` object itself: that is what the tag reads.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the tag expects an Arguments object, not an array.
    layer.push(arguments);
  }
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'granted',
  });
  gtag('set', { anonymize_ip: true, allow_google_signals: false, allow_ad_personalization_signals: false });
  if (gtmId) {
    layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`);
  } else if (gaId) {
    gtag('js', new Date());
    gtag('config', gaId, {
      anonymize_ip: true,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`);
  }
  return true;
}
