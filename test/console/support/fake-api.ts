import { vi } from 'vitest';
import type { ApiResult } from '../../../src/console/api/api-result.js';
import type { ConsoleApi } from '../../../src/console/api/console-api.js';
import { NO_ATTENTION } from './samples.js';

export const ok = <T>(data: T): ApiResult<T> => ({ kind: 'ok', data });
export const SESSION = {
  signed_in: true as const,
  operator: 'asha',
  expires_at: '2026-03-11T06:30:00Z',
  csrf_token: 'csrf',
};

export type FakeApi = { [K in keyof ConsoleApi]: ConsoleApi[K] & ReturnType<typeof vi.fn> };

/** Every call answers an empty success unless a test says otherwise; the session is signed in. */
export function fakeApi(overrides: Partial<ConsoleApi> = {}): FakeApi {
  const empty = <T>(data: T) => vi.fn(async () => ok(data));
  const api = {
    session: empty(SESSION),
    signIn: empty(SESSION),
    signOut: empty({ signed_out: true }),
    today: empty({
      since: '2026-03-10T18:30:00.000Z',
      orders: [],
      credits: { received: 0, matched: 0, waiting: 0, frozen: 0 },
      failing_callbacks: [],
      attention: NO_ATTENTION,
    }),
    attention: empty({ counts: NO_ATTENTION, items: [] }),
    searchOrders: empty({ orders: [], next_cursor: null }),
    search: empty({ orders: [], credits: [] }),
    order: vi.fn(async () => ({ kind: 'refused', code: 'not_found', details: 'payment_uid: no such order' })),
    timeline: empty([]),
    resendCallback: empty({}),
    setStatus: empty({}),
    merchants: empty([]),
    merchant: vi.fn(async () => ({
      kind: 'refused',
      code: 'not_found',
      details: 'merchant_uid: no such merchant',
    })),
    createMerchant: empty({}),
    updateMerchant: empty({}),
    setMerchantEnabled: empty({}),
    issueKey: empty({}),
    revokeKey: empty({}),
    blacklist: empty([]),
    addToBlacklist: empty({}),
    removeFromBlacklist: empty({}),
    ledger: empty([]),
    credits: empty([]),
    postCredit: empty({}),
    fixText: empty({}),
    dismissText: empty({}),
    matchCredit: empty({}),
    contestedClaims: empty([]),
    resolveContested: empty({}),
    audit: empty([]),
    creditSources: empty([]),
    createCreditSource: empty({}),
    revokeCreditSource: empty({}),
    payoutBatches: empty({ waiting: [], batches: [] }),
    payoutBatch: vi.fn(async () => ({
      kind: 'refused',
      code: 'not_found',
      details: 'batch_id: no such payout batch',
    })),
    preparePayoutBatch: empty({}),
    approvePayoutBatch: empty({}),
    markPayoutBatchUploaded: empty({}),
    payoutsAttention: empty([]),
    approvals: empty([]),
    approve: empty({}),
    reject: empty({}),
    payoutBatchFileUrl: vi.fn(
      (batchId: string, options: Record<string, string>) =>
        `/operator/api/payout-batches/${batchId}/file?${new URLSearchParams(options)}`,
    ),
    ...Object.fromEntries(Object.entries(overrides).map(([name, fn]) => [name, vi.fn(fn as never)])),
  };
  return api as unknown as FakeApi;
}
