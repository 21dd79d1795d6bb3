import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // Toasts live in a module-wide store: clear them so one test's messages never satisfy the next.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders a widget beside the page's toast area, as the pages do. */
export function renderWidget(widget: ReactElement) {
  return render(
    <>
      {widget}
      <Toaster />
    </>,
  );
}

/** Answers the widget's fetch calls in order with these status/body pairs; records what was sent. */
export function fakeApi(...answers: [status: number, body: unknown][]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    const [status, body] = next;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
