/**
 * Committed changes, heard once per process and fanned out: one listener connection (see
 * `Db.listen`) serves the callback dispatcher, the payer-view cache and every event stream of the
 * process. Writers announce with `pg_notify` inside their transaction, so only committed changes
 * are heard, by every process sharing the store.
 */
import type { Logger } from '../log.js';
import type { Db, Listening } from './db.js';

export type FeedState = 'lost' | 'resumed';

export interface ChangeFeed {
  /** Calls `fn` with the payload of each notification on `channel`; answers the unsubscribe. */
  on(channel: string, fn: (payload: string) => void): () => void;
  /**
   * Calls `fn` when the listener drops (`lost`: changes go unheard) and when it listens again
   * (`resumed`: anything may have changed meanwhile, so re-read what you hold).
   */
  onState(fn: (state: FeedState) => void): () => void;
  /** Whether changes are being heard now (false while the listener reconnects). */
  readonly live: boolean;
  close(): Promise<void>;
}

export async function openChangeFeed(db: Db, channels: readonly string[], log: Logger): Promise<ChangeFeed> {
  const subscribers = new Map<string, Set<(payload: string) => void>>(
    channels.map((channel) => [channel, new Set()]),
  );
  const stateSubscribers = new Set<(state: FeedState) => void>();
  let live = true;
  const call = <T>(fn: (value: T) => void, value: T) => {
    try {
      fn(value);
    } catch (error) {
      log.error('change subscriber failed', { error });
    }
  };
  const setState = (state: FeedState) => {
    live = state === 'resumed';
    if (state === 'lost') log.warn('change listener lost its connection; reconnecting');
    else log.info('change listener connected again');
    for (const fn of [...stateSubscribers]) call(fn, state);
  };
  const listening: Listening = await db.listen(channels, {
    notify(channel, payload) {
      for (const fn of [...(subscribers.get(channel) ?? [])]) call(fn, payload);
    },
    lost: () => setState('lost'),
    resumed: () => setState('resumed'),
  });
  return {
    on(channel, fn) {
      const set = subscribers.get(channel);
      if (!set) throw new Error(`the change feed does not listen on ${channel}`);
      set.add(fn);
      return () => set.delete(fn);
    },
    onState(fn) {
      stateSubscribers.add(fn);
      return () => stateSubscribers.delete(fn);
    },
    get live() {
      return live;
    },
    close: () => listening.close(),
  };
}
