// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $subscribeStatus, subscribe } from '../../../src/stores/subscribe.ts';
import { fakeApi } from '../fakeApi.ts';
import { recordDataLayer } from './dataLayer.ts';

const extras = { language: 'en', website: '' } as const;

describe('the subscribe store', () => {
  const pushed = recordDataLayer();
  beforeEach(() => $subscribeStatus.set('idle'));
  afterEach(() => vi.unstubAllGlobals());

  it('answers success for a saved address and leaves the idle state', async () => {
    const calls = fakeApi([201, { success: true }]);
    expect(await subscribe(' Me@Example.com ', extras)).toEqual({ kind: 'success' });
    expect($subscribeStatus.get()).toBe('success');
    expect(calls).toEqual([
      { url: '/api/subscribe', method: 'POST', body: { email: 'me@example.com', language: 'en' } },
    ]);
    expect(pushed).toEqual([
      { event: 'button_click', button: 'subscribe' },
      { event: 'email_subscription_success' },
      { event: 'email_subscription', domain: 'example.com' },
    ]);
  });

  it('answers invalid for a malformed address without asking the server', async () => {
    const calls = fakeApi();
    expect(await subscribe('no-at-sign', extras)).toEqual({ kind: 'invalid' });
    expect(await subscribe('  ', extras)).toEqual({ kind: 'invalid' });
    expect(calls).toEqual([]);
    expect(pushed).toEqual([
      { event: 'button_click', button: 'subscribe' },
      { event: 'email_validation_error', reason: 'format' },
      { event: 'button_click', button: 'subscribe' },
      { event: 'email_validation_error', reason: 'empty' },
    ]);
  });

  const answers: [status: number, kind: string, event: Record<string, unknown>][] = [
    [400, 'invalid', { event: 'email_validation_error', reason: 'server' }],
    [409, 'exists', { event: 'email_subscription_duplicate' }],
    [429, 'rateLimited', { event: 'email_subscription_rate_limited' }],
    [502, 'error', { event: 'email_subscription_error', status: 502 }],
  ];
  for (const [status, kind, event] of answers) {
    it(`answers ${kind} when the server says ${status}, back in the idle state`, async () => {
      fakeApi([status, { error: 'no' }]);
      expect(await subscribe('me@example.com', extras)).toEqual({ kind });
      expect($subscribeStatus.get()).toBe('idle');
      expect(pushed).toEqual([{ event: 'button_click', button: 'subscribe' }, event]);
    });
  }

  it('answers pending for an address that subscribed and has not confirmed yet, back in the idle state', async () => {
    fakeApi([200, { success: true, pending: true }]);
    expect(await subscribe('me@example.com', extras)).toEqual({ kind: 'pending' });
    expect($subscribeStatus.get()).toBe('idle');
    expect(pushed).toEqual([
      { event: 'button_click', button: 'subscribe' },
      { event: 'email_subscription_pending' },
    ]);
  });

  it('answers error when the network fails', async () => {
    fakeApi();
    expect(await subscribe('me@example.com', extras)).toEqual({ kind: 'error' });
    expect($subscribeStatus.get()).toBe('idle');
    expect(pushed.at(-1)).toEqual({ event: 'email_subscription_error', status: 0 });
  });

  it('sends the honeypot only when a bot filled it', async () => {
    const calls = fakeApi([201, { success: true }]);
    await subscribe('me@example.com', { language: 'bg', website: 'spam.example' });
    expect(calls[0]?.body).toEqual({ email: 'me@example.com', language: 'bg', website: 'spam.example' });
  });

  it('answers nothing while a subscription is under way', async () => {
    const calls = fakeApi([201, { success: true }]);
    $subscribeStatus.set('submitting');
    expect(await subscribe('me@example.com', extras)).toBeNull();
    expect(calls).toEqual([]);
    expect(pushed).toEqual([]);
  });
});
