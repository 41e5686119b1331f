import { describe, expect, it } from 'vitest';
import { clockOffset, describeTimeLeft, remainingMs } from '../../../src/checkout/lib/time-left.js';

const T = Date.parse('2030-05-01T10:00:00Z');

describe('countdown maths', () => {
  it('measures the offset between the server clock and ours', () => {
    expect(clockOffset('2030-05-01T10:00:30Z', T)).toBe(30_000);
    expect(clockOffset('not a date', T)).toBe(0);
  });

  it('counts down to the expiry on the server clock', () => {
    const expires = '2030-05-01T10:15:00Z';
    expect(remainingMs(expires, T, 0)).toBe(15 * 60_000);
    // Our clock is a minute behind the server's: a minute less is left.
    expect(remainingMs(expires, T, 60_000)).toBe(14 * 60_000);
    expect(remainingMs(null, T, 0)).toBeUndefined();
  });

  it('stays calm (whole minutes) while more than five minutes are left', () => {
    expect(describeTimeLeft(15 * 60_000)).toEqual({ kind: 'calm', minutes: 15 });
    expect(describeTimeLeft(5 * 60_000 + 1)).toEqual({ kind: 'calm', minutes: 6 });
  });

  it('shows a clock in the last five minutes, urgent in the last one', () => {
    expect(describeTimeLeft(5 * 60_000)).toEqual({ kind: 'clock', text: '5:00', urgent: false });
    expect(describeTimeLeft(61_000)).toEqual({ kind: 'clock', text: '1:01', urgent: false });
    expect(describeTimeLeft(59_500)).toEqual({ kind: 'clock', text: '1:00', urgent: true });
    expect(describeTimeLeft(9_000)).toEqual({ kind: 'clock', text: '0:09', urgent: true });
  });

  it('says expired at zero and nothing without an expiry', () => {
    expect(describeTimeLeft(0)).toEqual({ kind: 'expired' });
    expect(describeTimeLeft(-5)).toEqual({ kind: 'expired' });
    expect(describeTimeLeft(undefined)).toEqual({ kind: 'none' });
  });
});
