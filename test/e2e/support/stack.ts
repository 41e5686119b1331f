/**
 * What one flow file works with: a shared service set of its store (see services.ts), a merchant
 * of its own created through the operator API, and the merchant's site (callbacks, redirect_url,
 * embedding pages) on loopback.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { MerchantClient } from './merchant-client.js';
import { type MerchantSite, startMerchantSite } from './merchant-site.js';
import { OperatorClient } from './operator-client.js';
import type { ServiceSetName, StoreKind } from './services.js';

export function storeKind(): StoreKind {
  return process.env.E2E_STORE === 'postgres' ? 'postgres' : 'pglite';
}

/** The flows' merchant; each flow file's has collection accounts of its own (`Stack.accounts`). */
export const MERCHANT = {
  name: 'Chai Point',
  upi_vpa: 'chaipoint@okaxis',
  upi_payee_name: 'Chai Point',
  imps_account: '123456789012',
  imps_account_name: 'Chai Point Traders',
  imps_ifsc: 'HDFC0001234',
  imps_bank_name: 'HDFC Bank',
} as const;

/** Collection accounts no other flow file's merchant has: an account belongs to one merchant. */
export function ownAccounts(): { readonly upi_vpa: string; readonly imps_account: string } {
  const n = String(randomInt(1_000_000, 10_000_000));
  return { upi_vpa: `chaipoint${n}@okaxis`, imps_account: `50100${n}` };
}

export interface Stack {
  readonly store: StoreKind;
  /** The merchant's settings as created, its own collection accounts included. */
  readonly accounts: { readonly [K in keyof typeof MERCHANT]: string };
  /** Every process of the set; the first is where payment_url points. */
  readonly urls: readonly string[];
  readonly url: string;
  readonly operator: OperatorClient;
  readonly merchant: MerchantClient;
  readonly site: MerchantSite;
}

/**
 * Registers the file's hooks and returns its stack, filled in before the first test runs.
 * The merchant may embed the checkout from `site.origin`, not from `site.otherOrigin`.
 */
export function useStack(
  setName: ServiceSetName = 'main',
  /** More of the merchant's settings (a support contact, say). */
  merchantSettings: Readonly<Record<string, unknown>> = {},
): Stack {
  const stack = {} as { -readonly [K in keyof Stack]: Stack[K] };
  beforeAll(async () => {
    const set = inject('e2eServices')[setName];
    if (!set) throw new Error(`no "${setName}" services for the ${storeKind()} store`);
    const secrets = new Map<string, string>();
    const site = await startMerchantSite((apiKey) => secrets.get(apiKey));
    const [url] = set.urls;
    if (!url) throw new Error('no service process');
    const accounts = { ...MERCHANT, ...ownAccounts() };
    const operator = new OperatorClient(url, set.operatorToken, accounts.upi_vpa);
    const created = await operator.createMerchant({
      ...accounts,
      embed_origins: [site.origin],
      ...merchantSettings,
    });
    secrets.set(created.api_key, created.api_secret);
    Object.assign(stack, {
      store: storeKind(),
      accounts,
      urls: set.urls,
      url,
      operator,
      site,
      merchant: new MerchantClient(url, {
        merchantUid: created.merchant_uid,
        apiKey: created.api_key,
        apiSecret: created.api_secret,
      }),
    });
  });
  afterAll(async () => {
    await stack.site?.close();
  });
  return stack;
}
