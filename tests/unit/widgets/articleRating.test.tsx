// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickLabels } from '../../../src/i18n/translate.ts';
import ArticleRating from '../../../src/islands/ArticleRating.tsx';
import { ratingLabelKeys } from '../../../src/islands/labelKeys.ts';
import { $ratingSending, $ratingStatus, $ratingSummary } from '../../../src/stores/articleRating.ts';
import { fakeApi, renderWidget } from './render.tsx';

const en = pickLabels('en', ratingLabelKeys);
const bg = pickLabels('bg', ratingLabelKeys);

describe('the article rating', () => {
  beforeEach(() => {
    $ratingSummary.set(null);
    $ratingStatus.set('loading');
    $ratingSending.set(false);
  });

  it('shows the average and the count', async () => {
    fakeApi([200, { average: 4.5, count: 12 }]);
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    expect(await screen.findByText('12 ratings')).toBeTruthy();
    expect(screen.getByText('Average rating: 4.5 out of 5')).toBeTruthy();
  });

  it('uses Bulgarian plural forms and number format', async () => {
    fakeApi([200, { average: 3.5, count: 1 }]);
    renderWidget(<ArticleRating articleId={1} lang="bg" labels={bg} />);
    expect(await screen.findByText('1 оценка')).toBeTruthy();
    expect(screen.getByText('3,5')).toBeTruthy();
    $ratingSummary.set({ average: 4, count: 21 });
    expect(await screen.findByText('21 оценки')).toBeTruthy();
    expect(screen.getByLabelText('2 звезди')).toBeTruthy();
  });

  it('says when nobody rated yet', async () => {
    fakeApi([200, { average: 0, count: 0 }]);
    renderWidget(<ArticleRating articleId={3} lang="en" labels={en} />);
    expect(await screen.findByText('No ratings yet')).toBeTruthy();
  });

  it('needs an e-mail before it sends anything', async () => {
    const calls = fakeApi([200, { average: 0, count: 0 }]);
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    await screen.findByText('No ratings yet');
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    const error = await screen.findByText('Email is required to submit a rating', {
      selector: '[data-field-error]',
    });
    const email = screen.getByLabelText('Your email (required, never shown)');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(email);
    expect(calls).toHaveLength(1);
    // Still there while the address is wrong, gone once it is right.
    fireEvent.change(email, { target: { value: 'me@' } });
    expect(
      screen.getByText('Please enter a valid email address', { selector: '[data-field-error]' }),
    ).toBeTruthy();
    fireEvent.change(email, { target: { value: 'me@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelector('[data-field-error]')).toBeNull();
  });

  it('sends the stars with the e-mail and updates the average and count at once', async () => {
    const calls = fakeApi([200, { average: 4, count: 2 }], [200, { average: 4.3, count: 3 }]);
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    await screen.findByText('2 ratings');
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.change(screen.getByLabelText('Your email (required, never shown)'), {
      target: { value: ' Me@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('3 ratings')).toBeTruthy();
    // Said under the form, where focus goes, and repeated in a toast.
    const status = await screen.findByText('Thank you for rating!', { selector: '[data-form-status]' });
    expect(document.activeElement).toBe(status);
    expect(await screen.findByText('Thank you for rating!', { selector: '[data-title]' })).toBeTruthy();
    expect(calls[1]).toEqual({
      url: '/api/articles/1/rating',
      method: 'POST',
      body: { rating: 5, email: 'me@example.com' },
    });
  });

  const failures: [string, number, string][] = [
    ['saving fails', 500, 'Error submitting rating'],
    ['the reader rated too often', 429, 'Too many ratings. Please try again later.'],
  ];
  for (const [what, status, message] of failures) {
    it(`keeps the input and says so when ${what}`, async () => {
      fakeApi([200, { average: 0, count: 0 }], [status, { error: 'no' }]);
      renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
      await screen.findByText('No ratings yet');
      fireEvent.click(screen.getByLabelText('2 stars'));
      fireEvent.change(screen.getByLabelText('Your email (required, never shown)'), {
        target: { value: 'me@example.com' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
      expect(await screen.findByText(message)).toBeTruthy();
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Send rating' }) as HTMLButtonElement).disabled).toBe(
          false,
        ),
      );
      expect((screen.getByLabelText('Your email (required, never shown)') as HTMLInputElement).value).toBe(
        'me@example.com',
      );
    });
  }

  const refusals: [string, number, string, string][] = [
    ['no stars', 0, 'me@example.com', 'Please choose from 1 to 5 stars'],
    ['a malformed e-mail', 3, 'me@example', 'Please enter a valid email address'],
  ];
  for (const [what, stars, email, message] of refusals) {
    it(`refuses ${what} without sending`, async () => {
      const calls = fakeApi([200, { average: 0, count: 0 }]);
      renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
      await screen.findByText('No ratings yet');
      if (stars) fireEvent.click(screen.getByLabelText(`${stars} stars`));
      fireEvent.change(screen.getByLabelText('Your email (required, never shown)'), {
        target: { value: email },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(calls).toHaveLength(1);
    });
  }

  it('reads fine when the ratings cannot be loaded', async () => {
    fakeApi();
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    expect(await screen.findByText('Ratings could not be loaded right now.')).toBeTruthy();
  });
});
