/**
 * Keeps one merchant's unreachable endpoint from slowing the others (per dispatcher process).
 *
 * - A cap on each merchant's attempts in flight: it starts at `startCap` (2), grows by one with each
 *   answered attempt up to all slots but `reserve` (so a merchant never holds the last slot), and
 *   halves when an attempt gets no answer. A fast endpoint soon gets most of the slots; one that
 *   hangs never holds more than two.
 * - A circuit breaker: after `threshold` attempts in a row without an HTTP answer (timeout,
 *   refused or reset connection) the merchant is backed off as a whole: none of its callbacks is
 *   attempted until the back-off ends (30 s, doubling on each trip up to 10 min), then one probe at
 *   a time until its endpoint answers. Its callbacks stay in the outbox meanwhile: none is lost or
 *   counted as an attempt.
 *
 * Times come from the injected clock.
 */
export interface BreakerOptions {
  /** Attempts a merchant may have in flight before it has shown its endpoint answers. */
  readonly startCap: number;
  /** Slots no single merchant may take. */
  readonly reserve: number;
  readonly threshold: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = {
  startCap: 2,
  reserve: 1,
  threshold: 3,
  baseBackoffMs: 30_000,
  maxBackoffMs: 10 * 60_000,
};

interface MerchantState {
  inFlight: number;
  cap: number;
  /** Attempts in a row without an HTTP answer. */
  failures: number;
  trips: number;
  openUntil: number;
}

export interface MerchantRoom {
  /** The most any merchant may have in flight (all slots but the reserve). */
  readonly perMerchant: number;
  /** Merchants backed off or at their cap: none of their rows may be claimed now. */
  readonly excluded: string[];
  /** Per merchant, the slots counted as taken against `perMerchant` (in flight, or capped lower). */
  readonly busy: Map<string, number>;
  /** The same for a merchant not seen yet: its cap starts at `startCap`. */
  readonly unknownBusy: number;
}

export interface MerchantBreaker {
  room(nowMs: number): MerchantRoom;
  started(merchantUid: string): void;
  /** `answered`: the endpoint gave an HTTP answer (any status). */
  finished(merchantUid: string, answered: boolean, nowMs: number): void;
  /** When a backed-off merchant may be tried again (ms since the epoch), or undefined. */
  openUntil(merchantUid: string): number | undefined;
}

export function createMerchantBreaker(
  concurrency: number,
  options: BreakerOptions = DEFAULT_BREAKER,
): MerchantBreaker {
  const perMerchant = Math.max(1, concurrency - options.reserve);
  const startCap = Math.min(options.startCap, perMerchant);
  const states = new Map<string, MerchantState>();
  const stateOf = (uid: string): MerchantState => {
    let state = states.get(uid);
    if (!state) {
      state = { inFlight: 0, cap: startCap, failures: 0, trips: 0, openUntil: 0 };
      states.set(uid, state);
    }
    return state;
  };
  /** A merchant that tripped is probed one attempt at a time until it answers. */
  const capOf = (state: MerchantState) => (state.trips > 0 ? 1 : state.cap);

  return {
    room(nowMs) {
      const excluded: string[] = [];
      const busy = new Map<string, number>();
      for (const [uid, state] of states) {
        if (state.openUntil > nowMs || state.inFlight >= capOf(state)) excluded.push(uid);
        else busy.set(uid, perMerchant - capOf(state) + state.inFlight);
      }
      return { perMerchant, excluded, busy, unknownBusy: perMerchant - startCap };
    },
    started(uid) {
      stateOf(uid).inFlight += 1;
    },
    finished(uid, answered, nowMs) {
      const state = stateOf(uid);
      state.inFlight = Math.max(0, state.inFlight - 1);
      if (answered) {
        state.failures = 0;
        state.trips = 0;
        state.openUntil = 0;
        state.cap = Math.min(perMerchant, state.cap + 1);
        return;
      }
      // An attempt that was already in flight when the merchant was backed off changes nothing.
      if (state.openUntil > nowMs) return;
      state.cap = Math.max(startCap, Math.floor(state.cap / 2));
      state.failures += 1;
      if (state.failures >= options.threshold || state.trips > 0) {
        state.trips += 1;
        state.failures = 0;
        const backoff = Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** (state.trips - 1));
        state.openUntil = nowMs + backoff;
      }
    },
    openUntil(uid) {
      const until = states.get(uid)?.openUntil ?? 0;
      return until > 0 ? until : undefined;
    },
  };
}
