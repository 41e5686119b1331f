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
  it('polls about every 3 s while nothing changed for a minute', () => {
    expect(nextPollDelay(base)).toBe(3_000);
    expect(nextPollDelay({ ...base, unchanged: 20 })).toBe(3_000);
  });

  it('backs off while nothing changes, up to half a minute', () => {
    const d21 = nextPollDelay({ ...base, unchanged: 21 }) ?? 0;
    const d25 = nextPollDelay({ ...base, unchanged: 25 }) ?? 0;
    expect(d21).toBeGreaterThan(3_000);
    expect(d25).toBeGreaterThan(d21);
    expect(nextPollDelay({ ...base, unchanged: 200 })).toBe(30_000);
  });

  it('polls every second just after a UTR was submitted', () => {
    expect(nextPollDelay({ ...base, status: 'processing', sinceSubmitMs: 5_000 })).toBe(1_000);
    expect(nextPollDelay({ ...base, status: 'processing', sinceSubmitMs: 25_000 })).toBe(3_000);
  });

  it('checks expired and failed orders less often (late payments)', () => {
    expect(nextPollDelay({ ...base, status: 'overdue' })).toBe(10_000);
  });

  it('backs off after network failures', () => {
    expect(nextPollDelay({ ...base, failures: 1 })).toBe(2_000);
    expect(nextPollDelay({ ...base, failures: 3 })).toBe(8_000);
    expect(nextPollDelay({ ...base, failures: 10 })).toBe(30_000);
  });

  it('stops on final statuses', () => {
    expect(nextPollDelay({ ...base, status: 'completed', final: true })).toBeUndefined();
  });
});
