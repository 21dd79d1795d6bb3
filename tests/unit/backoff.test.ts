import { describe, expect, it } from 'vitest';
import { backoffMs, retryDelayMs } from '../../functions/mail/retries.ts';

describe('backoffMs', () => {
  it('waits the first wait after one failure and doubles after each further one', () => {
    expect([1, 2, 3, 4].map((failures) => backoffMs(failures, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('treats no failure yet as the first', () => {
    expect(backoffMs(0, 500)).toBe(500);
  });

  it('stops growing at the cap', () => {
    expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000);
    expect(backoffMs(3, 30_000, 3_600_000)).toBe(120_000);
  });
});

describe('the mail queue between tries', () => {
  it('waits 30 s, 1 min, 2 min, … up to an hour', () => {
    expect([1, 2, 3, 8, 9].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
