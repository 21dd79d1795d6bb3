import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, vi } from 'vitest';

export { fakeApi } from '../fakeApi.ts';

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
