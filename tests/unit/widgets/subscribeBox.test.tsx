// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickLabels } from '../../../src/i18n/translate.ts';
import { subscribeLabelKeys } from '../../../src/islands/labelKeys.ts';
import SubscribeBox from '../../../src/islands/SubscribeBox.tsx';
import { $subscribeStatus } from '../../../src/stores/subscribe.ts';
import { fakeApi, renderWidget } from './render.tsx';

const labels = pickLabels('en', subscribeLabelKeys);

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('the subscription box', () => {
  beforeEach(() => $subscribeStatus.set('idle'));

  it('is an e-mail field that the browser knows is required', () => {
    renderWidget(<SubscribeBox lang="en" labels={labels} />);
    const input = screen.getByLabelText('Email address');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('placeholder')).toBe('you@example.com');
  });

  for (const bad of [
    '',
    '   ',
    'no-at-sign',
    'a@b',
    'two@@example.com',
    'sp ace@example.com',
    'x1<victim@example.com>',
    'victim@example.com(x2)',
  ]) {
    it(`refuses ${JSON.stringify(bad)} beside the field, with no toast, and sends nothing`, async () => {
      const calls = fakeApi();
      renderWidget(<SubscribeBox lang="en" labels={labels} />);
      submit(bad);
      const error = await screen.findByText('Please enter a valid email address', {
        selector: '[data-field-error]',
      });
      const field = screen.getByLabelText('Email address');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
      expect(document.activeElement).toBe(field);
      // Said once: no toast repeats it.
      expect(screen.queryByText('Email error')).toBeNull();
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
      expect(calls).toEqual([]);
    });
  }

  it('sends the address trimmed and lower-cased, shows Saving..., then the tick and the success text', async () => {
    let release: () => void = () => {};
    const calls = fakeApi([201, { success: true }]);
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return realFetch(...args);
    }) as typeof fetch;
    renderWidget(<SubscribeBox lang="en" labels={labels} />);
    submit('  Someone@Example.COM. ');
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    // Marked busy, yet still focusable: focus stays on it rather than falling to the page.
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect((saving as HTMLButtonElement).disabled).toBe(false);
    release();
    expect(await screen.findByText('Success!')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText('A letter is on its way: one step left.').length).toBeGreaterThanOrEqual(1),
    );
    expect(screen.getByText(labels['newsletter.checkInbox'])).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('[data-subscribed]'));
    expect(calls).toEqual([
      { url: '/api/subscribe', method: 'POST', body: { email: 'someone@example.com', language: 'en' } },
    ]);
  });

  const failures: [string, number, unknown, string, string][] = [
    [
      'a duplicate',
      409,
      { success: false, error: 'Email already registered' },
      'Email error',
      'This email is already subscribed!',
    ],
    [
      'an address the server refuses',
      400,
      { success: false, error: 'Invalid email format' },
      'Email error',
      'Please enter a valid email address',
    ],
    [
      'too many attempts',
      429,
      { error: 'Too many email submissions. Please try again later.' },
      'Error',
      'Too many attempts. Please try again in an hour.',
    ],
    [
      'a server error',
      500,
      { error: 'Something went wrong' },
      'Error',
      'An unexpected error occurred. Please try again.',
    ],
    [
      'a missing success',
      200,
      { success: false },
      'Error',
      'An unexpected error occurred. Please try again.',
    ],
  ];
  for (const [what, status, body, title, message] of failures) {
    // What is about the address is said beside the field alone; the rest in a toast under its title too.
    const aboutField = title === 'Email error';
    it(`explains ${what} ${aboutField ? 'beside the field, with no toast' : `under "${title}"`} and keeps the typed address`, async () => {
      fakeApi([status, body]);
      renderWidget(<SubscribeBox lang="en" labels={labels} />);
      submit('me@example.com');
      expect(
        await screen.findByText(message, {
          selector: aboutField ? '[data-field-error]' : '[data-form-status]',
        }),
      ).toBeTruthy();
      if (aboutField) expect(screen.queryByText(title)).toBeNull();
      else expect(await screen.findByText(title)).toBeTruthy();
      expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('me@example.com');
      expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    });
  }

  it('explains in Bulgarian on the Bulgarian page', async () => {
    const bg = pickLabels('bg', subscribeLabelKeys);
    fakeApi([409, { success: false, error: 'Email already registered' }]);
    renderWidget(<SubscribeBox lang="bg" labels={bg} />);
    fireEvent.change(screen.getByLabelText(bg['subscribe.label']), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: bg['subscribe.button'] }));
    expect(await screen.findByText(bg['subscribe.exists'], { selector: '[data-field-error]' })).toBeTruthy();
    expect(screen.queryByText(bg['subscribe.errorTitle'])).toBeNull();
  });

  it('survives a network failure without getting stuck', async () => {
    fakeApi();
    renderWidget(<SubscribeBox lang="en" labels={labels} />);
    submit('me@example.com');
    const status = await screen.findByText('An unexpected error occurred. Please try again.', {
      selector: '[data-form-status]',
    });
    expect(document.activeElement).toBe(status);
    expect(screen.getByRole('button', { name: 'Subscribe' }).getAttribute('aria-disabled')).toBeNull();
  });
});
