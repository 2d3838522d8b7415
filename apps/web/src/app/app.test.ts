import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { retryRead, retryReadDelay } from './app';

describe("the app's reads", () => {
  const busy = new ApiRequestError('busy', 503, { message: 'Many bills are being read right now.' });
  const failed = new ApiRequestError('failed', 500);

  it('ask a busy server three more times, a little later each time', () => {
    expect([0, 1, 2, 3].map((failures) => retryRead(failures, busy))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((failures) => retryReadDelay(failures, busy))).toEqual([2000, 4000, 6000]);
  });

  it('ask once more after any other failure', () => {
    expect([0, 1].map((failures) => retryRead(failures, failed))).toEqual([true, false]);
    expect(retryRead(0, new TypeError('offline'))).toBe(true);
    expect(retryReadDelay(0, failed)).toBe(1000);
  });
});
