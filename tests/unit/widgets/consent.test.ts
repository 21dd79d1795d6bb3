// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentKey, loadTag, rememberConsent, storedConsent } from '../../../src/lib/analytics/consent.ts';

beforeEach(() => {
  // happy-dom never fetches scripts; treat the tag's script as loaded instead of logging an error.
  const dom = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM;
  if (dom) dom.settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  delete window.dataLayer;
});

describe('analytics consent', () => {
  it('remembers only a real answer', () => {
    expect(storedConsent()).toBeNull();
    rememberConsent('denied');
    expect(storedConsent()).toBe('denied');
    localStorage.setItem(consentKey, 'maybe');
    expect(storedConsent()).toBeNull();
  });

  it('loads nothing when no tag is configured', () => {
    expect(loadTag({})).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads Google Analytics with IP anonymisation and advertising signals off', () => {
    expect(loadTag({ gaId: 'G-ABC123' })).toBe(true);
    const script = document.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual([
      'config',
      'G-ABC123',
      { anonymize_ip: true, allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);
    expect(calls).toContainEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied' })]);
  });
});
