/**
 * The real app over a real store (PGlite in memory, or PostgreSQL in CI's run), driven
 * in-process with app.request: no port, no mocks. Time is a ManualClock.
 */
import { createHmac } from 'node:crypto';
import { type AppOptions, createApp } from '../../../src/server/app.js';
import type { AppDeps } from '../../../src/server/app-deps.js';
import { ManualClock } from '../../../src/server/clock.js';
import { type Config, loadConfig } from '../../../src/server/config.js';
import { createMetrics } from '../../../src/server/http/metrics.js';
import { silentLogger } from '../../../src/server/log.js';
import { type IssuedKey, issueKey } from '../../../src/server/merchants/api-key-store.js';
import type { NewMerchant } from '../../../src/server/merchants/merchant-store.js';
import { openMerchant } from '../../../src/server/merchants/open-merchant.js';
import { type HeardChanges, hearChanges } from './heard-changes.js';
import { openTestDb, type TestDb } from './test-db.js';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789-k3Jq9xLm';
/** A SECRET_KEY a production start takes (random-looking bytes), for tests of production mode. */
export const PRODUCTION_SECRET_KEY = '3f9a1c7e52b8d04f6a2e9c1b7d3f5a8e0c4b6d2f9e1a3c5b7d9f0e2a4c6b8d01';

export function testConfig(env: Record<string, string> = {}): Config {
  const result = loadConfig({
    PUBLIC_BASE_URL: 'https://pay.test',
    OPERATOR_TOKEN,
    LOG_LEVEL: 'silent',
    ...env,
  });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.config;
}

export const DEMO_MERCHANT: NewMerchant = {
  name: 'Chai Point',
  upi_vpa: 'chaipoint@okaxis',
  upi_payee_name: 'Chai Point Pvt Ltd',
  imps_account: '123456789012',
  imps_account_name: 'Chai Point Pvt Ltd',
  imps_ifsc: 'HDFC0001234',
  imps_bank_name: 'HDFC Bank',
};

export interface TestApp {
  readonly db: TestDb;
  readonly clock: ManualClock;
  readonly deps: AppDeps;
  readonly app: ReturnType<typeof createApp>;
  readonly merchant: IssuedKey;
  /** What the store announced after commits (order changes, callbacks due). */
  readonly heard: HeardChanges;
  /** A signed POST as a merchant client sends it. */
  signed(path: string, body: Record<string, unknown>, options?: SignOptions): Promise<Response>;
  operator(method: string, path: string, body?: unknown): Promise<Response>;
  addMerchant(input?: Partial<NewMerchant>): Promise<IssuedKey>;
  close(): Promise<void>;
}

export interface SignOptions {
  readonly key?: IssuedKey;
  readonly skipEmpty?: boolean;
  readonly signature?: string;
  readonly headers?: Record<string, string>;
}

/** Signs as merchants do, written out here independently of the service's own module. */
export function sign(secret: string, body: Record<string, unknown>, skipEmpty = false): string {
  const text = Object.keys(body)
    .sort()
    .filter((name) => !(skipEmpty && String(body[name]) === ''))
    .map((name) => `${name}=${String(body[name])}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

let secondInstances = 0;

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    app?: AppOptions;
    /** Another service instance over this store (its own pool and listener), instead of a new store. */
    db?: TestDb;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await openTestDb());
  const clock = new ManualClock();
  const config = testConfig(options.env);
  const heard = await hearChanges(db);
  const deps: AppDeps = {
    config,
    db,
    clock,
    log: silentLogger,
    metrics: createMetrics(),
    changes: heard.feed,
  };
  const app = createApp(deps, options.app);
  // Another instance over a store in use starts past the accounts the first one gives out.
  if (options.db) secondInstances += 1000;
  let merchants = options.db ? secondInstances : 0;
  const addMerchant = async (input: Partial<NewMerchant> = {}) =>
    db.transaction(async (tx) => {
      // A collection account is one merchant's: every merchant after the first gets accounts of its
      // own unless the test gives them.
      const n = merchants++;
      const own =
        n === 0 ? {} : { upi_vpa: `shop${n}@okaxis`, imps_account: `91000000${String(n).padStart(4, '0')}` };
      const merchant = await openMerchant(tx, { ...DEMO_MERCHANT, ...own, ...input }, clock.now());
      return issueKey(tx, config.secretKey, merchant.uid, clock.now());
    });
  const merchant = await addMerchant();
  const testApp: TestApp = {
    db,
    clock,
    deps,
    app,
    merchant,
    heard,
    signed: async (path, body, signOptions = {}) => {
      const key = signOptions.key ?? merchant;
      const signature = signOptions.signature ?? sign(key.api_secret, body, signOptions.skipEmpty ?? false);
      return app.request(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'OC-Key': key.api_key,
          'OC-Signature': signature,
          ...signOptions.headers,
        },
        body: JSON.stringify(body),
      });
    },
    operator: async (method, path, body) =>
      app.request(path, {
        method,
        headers: {
          Authorization: `Bearer ${OPERATOR_TOKEN}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    addMerchant,
    close: async () => {
      await heard.feed.close();
      await db.close();
    },
  };
  return testApp;
}

/** A collection order body as a merchant sends it. */
export function incomeBody(
  merchantUid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    transaction_type: 'income',
    amount: '100.00',
    currency: 'inr',
    payterm: 'UPI',
    payment: 'india',
    merchant_order_id: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    merchant_uid: merchantUid,
    redirect_url: 'https://shop.example/return',
    notify_url: 'https://shop.example/notify',
    response_type: 'json',
    country: 'India',
    accounting_type: 'receive',
    ...overrides,
  };
}

export function expenseBody(
  merchantUid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    transaction_type: 'expense',
    amount: '50.00',
    currency: 'inr',
    payment: 'india',
    to_bank_name: 'ICIC0000104',
    to_name: 'Asha Verma',
    to: '000123456789',
    channel: 'payment_india',
    merchant_order_id: `PO-${Math.random().toString(36).slice(2, 10)}`,
    merchant_uid: merchantUid,
    redirect_url: 'https://shop.example/return',
    notify_url: 'https://shop.example/notify',
    response_type: 'json',
    country: 'India',
    accounting_type: 'pay',
    ...overrides,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely shaped JSON answers
export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
