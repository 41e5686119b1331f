import { describe, expect, it } from 'vitest';
import { nextPollDelay, type PollState } from '../../../src/checkout/lib/poll-delay.js';

const base: PollState = {
  status: 'pending',
  unchanged: 0,
  failures: 0,
  sinceSubmitMs: undefined,
  final: false,
};

describe('polling schedule', () => {
  it('polls about every 3 s while nothing changed for three minutes', () => {
    expect(nextPollDelay(base)).toBe(3_000);
    expect(nextPollDelay({ ...base, unchanged: 60 })).toBe(3_000);
  });

  it('backs off while nothing changes, up to 15 s', () => {
    const d61 = nextPollDelay({ ...base, unchanged: 61 }) ?? 0;
    const d65 = nextPollDelay({ ...base, unchanged: 65 }) ?? 0;
    expect(d61).toBeGreaterThan(3_000);
    expect(d65).toBeGreaterThan(d61);
    expect(nextPollDelay({ ...base, unchanged: 500 })).toBe(15_000);
  });

  it('polls every 1.5 s for 30 s after a UTR was submitted, whatever the back-off', () => {
    expect(nextPollDelay({ ...base, status: 'processing', sinceSubmitMs: 5_000, unchanged: 500 })).toBe(
      1_500,
    );
    expect(nextPollDelay({ ...base, status: 'processing', sinceSubmitMs: 29_000 })).toBe(1_500);
    expect(nextPollDelay({ ...base, status: 'processing', sinceSubmitMs: 30_000 })).toBe(3_000);
  });

  it('checks expired and failed orders less often (late payments)', () => {
    expect(nextPollDelay({ ...base, status: 'overdue' })).toBe(10_000);
  });

  it('backs off after network failures', () => {
    expect(nextPollDelay({ ...base, failures: 1 })).toBe(2_000);
    expect(nextPollDelay({ ...base, failures: 3 })).toBe(8_000);
    expect(nextPollDelay({ ...base, failures: 10 })).toBe(15_000);
  });

  it('stops on final statuses', () => {
    expect(nextPollDelay({ ...base, status: 'completed', final: true })).toBeUndefined();
  });
});
