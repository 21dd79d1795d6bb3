import { describe, expect, it } from 'vitest';
import { decideArrival } from '../../functions/arrivalDecision.ts';
import { inlineScript } from '../../src/lib/inlineScript.ts';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('language choice on arrival', () => {
  it('sends a visitor who chose Bulgarian to Bulgarian at once', () => {
    expect(decideArrival({ stored: 'bg', userAgent: browser })).toBe('bulgarian');
  });

  it('keeps a visitor who chose English, whatever the country or browser', () => {
    expect(decideArrival({ stored: 'en', userAgent: browser, country: 'BG', browserLanguage: 'bg-BG' })).toBe(
      'stay',
    );
  });

  it('asks for the country when nothing is stored', () => {
    expect(decideArrival({ stored: null, userAgent: browser })).toBe('ask-geo');
  });

  it('reads BG and MD as Bulgarian and any other country as English', () => {
    expect(decideArrival({ stored: null, userAgent: browser, country: 'BG' })).toBe('bulgarian');
    expect(decideArrival({ stored: null, userAgent: browser, country: 'md' })).toBe('bulgarian');
    expect(decideArrival({ stored: null, userAgent: browser, country: 'DE', browserLanguage: 'bg' })).toBe(
      'stay',
    );
  });

  it('falls back to the browser language when the country cannot be known', () => {
    expect(decideArrival({ stored: null, userAgent: browser, country: null, browserLanguage: 'bg-BG' })).toBe(
      'bulgarian',
    );
    expect(decideArrival({ stored: null, userAgent: browser, country: null, browserLanguage: 'bg' })).toBe(
      'bulgarian',
    );
    expect(
      decideArrival({ stored: null, userAgent: browser, country: 'Unknown', browserLanguage: 'bg' }),
    ).toBe('bulgarian');
    expect(decideArrival({ stored: null, userAgent: browser, country: null, browserLanguage: 'en-GB' })).toBe(
      'stay',
    );
    expect(decideArrival({ stored: null, userAgent: browser, country: null, browserLanguage: 'bgx' })).toBe(
      'stay',
    );
  });

  it('never moves a bot', () => {
    for (const userAgent of ['Googlebot/2.1', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'Chrome-Lighthouse']) {
      expect(decideArrival({ stored: 'bg', userAgent, country: 'BG' })).toBe('stay');
    }
  });

  it('builds one self-contained script, the same for every page', () => {
    const arrivalConfig = { geoEndpoint: '/api/geo', timeoutMs: 3000 };
    const script = inlineScript('src/i18n/arrival.inline.ts', { arrivalConfig });
    expect(script).toContain('geoEndpoint:"/api/geo"');
    expect(script).toContain('localStorage');
    // Bundled whole: the policy and the wait for the first paint are inside, nothing is imported.
    expect(script).toContain('first-contentful-paint');
    expect(script).not.toMatch(/\bimport\b|require\(/);
    expect(() => new Function(script)).not.toThrow();
  });
});
