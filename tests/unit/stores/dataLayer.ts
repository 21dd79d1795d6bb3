import { afterEach, beforeEach } from 'vitest';

/** The page's analytics data layer, fresh for each test: what the stores pushed, in order. */
export function recordDataLayer(): unknown[] {
  const pushed: unknown[] = [];
  beforeEach(() => {
    pushed.length = 0;
    window.dataLayer = pushed;
  });
  afterEach(() => {
    delete window.dataLayer;
  });
  return pushed;
}
