// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import ArticleRating, { type RatingLabels } from '../../../src/islands/ArticleRating.tsx';
import { $ratingSending, $ratingStatus, $ratingSummary } from '../../../src/stores/articleRating.ts';
import { fakeApi, renderWidget } from './render.tsx';

const en: RatingLabels = {
  title: 'Rate this article',
  summary: 'Average rating: {average} out of 5',
  countZero: 'No ratings yet',
  countOne: '{count} rating',
  countOther: '{count} ratings',
  starsOne: '{count} star',
  starsOther: '{count} stars',
  emailLabel: 'Your email (required, never shown)',
  emailHint: 'Hint',
  submit: 'Send rating',
  sending: 'Sending...',
  loading: 'Loading ratings...',
  unavailable: 'Ratings could not be loaded right now.',
  messages: {
    emailRequired: 'Email is required to submit a rating',
    invalidEmail: 'Please enter a valid email address',
    chooseStars: 'Please choose from 1 to 5 stars',
    thanks: 'Thank you for rating!',
    error: 'Error submitting rating',
    rateLimited: 'Too many ratings. Please try again later.',
  },
  error: { title: 'Unexpected Application Error!', back: 'Back' },
};
const bg: RatingLabels = {
  ...en,
  countZero: 'Още няма оценки',
  countOne: '{count} оценка',
  countOther: '{count} оценки',
  starsOne: '{count} звезда',
  starsOther: '{count} звезди',
};

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
    expect(await screen.findByText('Email is required to submit a rating')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('sends the stars with the e-mail and updates the average and count at once', async () => {
    const calls = fakeApi([200, { average: 4, count: 2 }], [201, { average: 4.3, count: 3 }]);
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    await screen.findByText('2 ratings');
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.change(screen.getByLabelText('Your email (required, never shown)'), {
      target: { value: ' Me@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('3 ratings')).toBeTruthy();
    expect(await screen.findByText('Thank you for rating!')).toBeTruthy();
    expect(calls[1]).toEqual({
      url: '/api/articles/1/rating',
      method: 'POST',
      body: { rating: 5, email: 'me@example.com' },
    });
  });

  it('keeps the input and says so when saving fails', async () => {
    fakeApi([200, { average: 0, count: 0 }], [500, { error: 'boom' }]);
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    await screen.findByText('No ratings yet');
    fireEvent.click(screen.getByLabelText('2 stars'));
    fireEvent.change(screen.getByLabelText('Your email (required, never shown)'), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Error submitting rating')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send rating' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByLabelText('Your email (required, never shown)') as HTMLInputElement).value).toBe(
      'me@example.com',
    );
  });

  it('reads fine when the ratings cannot be loaded', async () => {
    fakeApi();
    renderWidget(<ArticleRating articleId={1} lang="en" labels={en} />);
    expect(await screen.findByText('Ratings could not be loaded right now.')).toBeTruthy();
  });
});
