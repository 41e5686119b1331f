/**
 * The active API keys of this process's signed requests and their merchants, kept current by the
 * store's change notifications: a request signed with a known key costs no query, a miss costs
 * the one query of `findActiveKey`. Bounded (LRU).
 *
 * Correctness rests on the change feed: every change of a key or a merchant is announced at
 * commit (`KEY_CHANGES_CHANNEL`), and the writers of this process also forget what they changed
 * as soon as they commit, so their own next request never sees the old row. Nothing absent is
 * remembered (an unknown key is asked of the store each time, so a new key works at once); a
 * read that overlaps any change is answered but not kept; while the listener is down nothing is
 * kept, and when it drops or comes back everything is forgotten.
 */
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../app-deps.js';
import type { ChangeFeed } from '../store/change-feed.js';
import type { Queryable } from '../store/db.js';
import { type ActiveKey, findActiveKey } from './api-key-store.js';
import { KEY_CHANGES_CHANNEL } from './key-changes.js';

export interface ActiveKeys {
  /** The active key and its merchant, from memory when known to be current; undefined if unknown. */
  find(apiKey: string): Promise<ActiveKey | undefined>;
  /** Forgets a key this process just changed (after its transaction committed). */
  forgetKey(apiKey: string): void;
  /** Forgets every key of a merchant this process just changed (after its transaction committed). */
  forgetMerchant(merchantUid: string): void;
  /** Keys held now (for tests and metrics). */
  readonly size: number;
}

export interface ActiveKeysOptions {
  readonly db: Queryable;
  readonly changes: ChangeFeed;
  /** The service key that unseals the keys' secrets. */
  readonly secretKey: Buffer;
  /** Keys kept at most (default 10,000). */
  readonly maxEntries?: number;
}

export function createActiveKeys(options: ActiveKeysOptions): ActiveKeys {
  const { db, changes, secretKey } = options;
  const cached = new LRUCache<string, ActiveKey>({ max: options.maxEntries ?? 10_000 });
  // Grows with every change heard or made: a read that started before it is not kept.
  let generation = 0;
  // A feed that does not carry key changes (a harness's) can keep nothing current.
  let heard = true;

  const forgetKey = (apiKey: string) => {
    generation++;
    cached.delete(apiKey);
  };
  const forgetMerchant = (merchantUid: string) => {
    generation++;
    const held = [...cached.entries()].filter(([, key]) => key.merchant.uid === merchantUid);
    for (const [apiKey] of held) cached.delete(apiKey);
  };
  const forgetAll = () => {
    generation++;
    cached.clear();
  };
  try {
    changes.on(KEY_CHANGES_CHANNEL, (payload) => {
      if (payload.startsWith('key:')) forgetKey(payload.slice('key:'.length));
      else if (payload.startsWith('merchant:')) forgetMerchant(payload.slice('merchant:'.length));
      else forgetAll();
    });
    changes.onState(forgetAll);
  } catch {
    heard = false;
  }

  return {
    async find(apiKey) {
      const hit = cached.get(apiKey);
      if (hit) return hit;
      const started = generation;
      const key = await findActiveKey(db, secretKey, apiKey);
      if (key && heard && changes.live && generation === started) cached.set(apiKey, key);
      return key;
    },
    forgetKey,
    forgetMerchant,
    get size() {
      return cached.size;
    },
  };
}

/** One set of active keys per app (its store, feed and service key), made on first use. */
const perApp = new WeakMap<AppDeps, ActiveKeys>();
export function activeKeysOf(deps: AppDeps): ActiveKeys {
  let keys = perApp.get(deps);
  if (!keys) {
    keys = createActiveKeys({ db: deps.db, changes: deps.changes, secretKey: deps.config.secretKey });
    perApp.set(deps, keys);
  }
  return keys;
}
