// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickLabels } from '../../../src/i18n/translate.ts';
import Comments from '../../../src/islands/Comments.tsx';
import { commentsLabelKeys } from '../../../src/islands/labelKeys.ts';
import { $commentSending, $comments, $commentsStatus } from '../../../src/stores/comments.ts';
import { fakeApi, renderWidget } from './render.tsx';

const labels = pickLabels('en', commentsLabelKeys);

const existing = {
  id: 7,
  name: 'Mira',
  comment: 'So true.',
  language: 'bg',
  createdAt: '2025-09-02T10:00:00.000Z',
};

function fill(name: string, comment: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: comment } });
}

describe('the comments', () => {
  beforeEach(() => {
    $comments.set([]);
    $commentsStatus.set('loading');
    $commentSending.set(false);
  });

  it('invites the first comment when there are none', async () => {
    fakeApi([200, { comments: [] }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    expect(await screen.findByText('No comments yet. Be the first!')).toBeTruthy();
  });

  it('lists comments with name, date in the page language and text', async () => {
    fakeApi([200, { comments: [existing] }]);
    renderWidget(<Comments articleId={1} lang="bg" labels={labels} />);
    expect(await screen.findByText('Mira')).toBeTruthy();
    expect(screen.getByText('So true.')).toBeTruthy();
    expect(screen.getByText(/2\.09\.2025|02\.09\.2025/)).toBeTruthy();
  });

  it('needs a name and a comment', async () => {
    const calls = fakeApi([200, { comments: [] }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    await screen.findByText('No comments yet. Be the first!');
    fill('  ', '');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    // Each missing field marked and described, focus on the first; no toast repeats it.
    const name = screen.getByRole('textbox', { name: 'Name' });
    const comment = screen.getByRole('textbox', { name: 'Comment' });
    const nameError = await screen.findByText('Please fill in your name', { selector: '[data-field-error]' });
    const commentError = screen.getByText('Please write your comment', { selector: '[data-field-error]' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(nameError.id);
    expect(comment.getAttribute('aria-describedby')).toBe(commentError.id);
    expect(document.activeElement).toBe(name);
    expect(screen.queryByText('Please fill in your name and comment')).toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(calls).toHaveLength(1);
    // Cleared field by field as the visitor fixes them.
    fill('Ana', '');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
  });

  it('posts a comment, shows it at once as plain text and clears the form', async () => {
    const markup = '<img src=x onerror=alert(1)> hi';
    const created = {
      id: 8,
      name: 'Ana',
      comment: markup,
      language: 'en',
      createdAt: new Date().toISOString(),
    };
    const calls = fakeApi([200, { comments: [] }], [201, { comment: created, status: 'published' }]);
    renderWidget(<Comments articleId={3} lang="en" labels={labels} />);
    await screen.findByText('No comments yet. Be the first!');
    fill('Ana', markup);
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Comment submitted successfully!')).toBeTruthy();
    expect(screen.getByText(markup)).toBeTruthy();
    // Focus on the new comment, not on the page.
    expect(document.activeElement).toBe(screen.getByText(markup).closest('[data-comment]'));
    expect(document.querySelector('[data-comments] img')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('');
    expect(calls[1]).toEqual({
      url: '/api/articles/3/comments',
      method: 'POST',
      body: { name: 'Ana', comment: markup, language: 'en', website: '' },
    });
  });

  it('explains that a comment with a link waits for review', async () => {
    const held = {
      id: 9,
      name: 'Bo',
      comment: 'see example.com',
      language: 'en',
      createdAt: new Date().toISOString(),
    };
    fakeApi([200, { comments: [] }], [201, { comment: held, status: 'held' }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    await screen.findByText('No comments yet. Be the first!');
    fill('Bo', 'see example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(labels['comments.held']));
    expect(document.activeElement?.getAttribute('role')).toBe('status');
    expect(
      screen.getAllByText('Thank you! Your comment has a link, so it will appear after a quick review.')
        .length,
    ).toBeGreaterThan(0);
    // Held is not "submitted successfully": nothing shows yet.
    expect(screen.queryByText('Comment submitted successfully!')).toBeNull();
    expect(screen.queryByText('see example.com', { selector: 'p' })).toBeNull();
  });

  const failures: [string, number, string][] = [
    ['posting fails', 500, 'Error submitting comment'],
    ['the reader commented too often', 429, 'Too many comments. Please try again later.'],
  ];
  for (const [what, status, message] of failures) {
    it(`keeps what was typed when ${what}`, async () => {
      fakeApi([200, { comments: [] }], [status, { error: 'no' }]);
      renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
      await screen.findByText('No comments yet. Be the first!');
      fill('Ana', 'My thoughts');
      fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
      const statusLine = await screen.findByText(message, { selector: '[data-form-status]' });
      expect(document.activeElement).toBe(statusLine);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Post comment' }).getAttribute('aria-disabled')).toBeNull(),
      );
      expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe(
        'My thoughts',
      );
    });
  }

  it('refuses a malformed e-mail without sending', async () => {
    const calls = fakeApi([200, { comments: [] }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    await screen.findByText('No comments yet. Be the first!');
    fill('Ana', 'My thoughts');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email (optional, never published)' }), {
      target: { value: 'ana@' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(
      await screen.findByText('Please enter a valid email address', { selector: '[data-field-error]' }),
    ).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email (optional, never published)' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(calls).toHaveLength(1);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    fakeApi([503, { error: 'Database unavailable' }], [200, { comments: [existing] }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('So true.')).toBeTruthy();
  });

  it('hides the honeypot from people and keyboards', async () => {
    fakeApi([200, { comments: [] }]);
    renderWidget(<Comments articleId={1} lang="en" labels={labels} />);
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
