/**
 * Countdown maths. The server's clock is the truth: the page keeps the offset between the
 * server's `server_time` and its own clock and counts down to `expires_at` with it.
 */
export type TimeLeft =
  | { readonly kind: 'none' }
  | { readonly kind: 'calm'; readonly minutes: number }
  | { readonly kind: 'clock'; readonly text: string; readonly urgent: boolean }
  | { readonly kind: 'expired' };

/** Above this, the page shows a calm "about N minutes"; below it, a minute:second clock. */
export const CLOCK_FROM_MS = 5 * 60_000;
/** Below this the clock is emphasised. */
export const URGENT_FROM_MS = 60_000;

/** Milliseconds to add to the local clock to get the server's clock. */
export function clockOffset(serverTime: string, localNow: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - localNow;
}

export function remainingMs(
  expiresAt: string | null,
  localNow: number,
  offsetMs: number,
): number | undefined {
  if (expiresAt === null) return undefined;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return undefined;
  return end - (localNow + offsetMs);
}

export function describeTimeLeft(remaining: number | undefined): TimeLeft {
  if (remaining === undefined) return { kind: 'none' };
  if (remaining <= 0) return { kind: 'expired' };
  if (remaining > CLOCK_FROM_MS) return { kind: 'calm', minutes: Math.ceil(remaining / 60_000) };
  const seconds = Math.ceil(remaining / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return { kind: 'clock', text, urgent: remaining <= URGENT_FROM_MS };
}
