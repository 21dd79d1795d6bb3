import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../functions/mail/retries.ts';

describe('the mail queue between tries', () => {
  it('waits 30 s after one failure and doubles after each further one', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('treats no failure yet as the first', () => {
    expect(retryDelayMs(0)).toBe(30_000);
  });

  it('stops growing at an hour', () => {
    expect([8, 9, 20].map(retryDelayMs)).toEqual([3_600_000, 3_600_000, 3_600_000]);
  });
});
