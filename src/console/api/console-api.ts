import ky, { type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import {
  type LedgerLine,
  LedgerLinesSchema,
  type MerchantDetail,
  MerchantDetailSchema,
  MerchantListSchema,
  type MerchantView,
  MerchantViewSchema,
  type OrderPage,
  OrderPageSchema,
  type TimelineEntry,
  TimelineSchema,
  type TodaySummary,
  TodaySummarySchema,
} from '../../shared/console-views.js';
import {
  type PayoutAttention,
  PayoutAttentionListSchema,
  type PayoutBatchDetail,
  PayoutBatchDetailSchema,
  type PayoutBatchList,
  PayoutBatchListSchema,
  type PayoutBatchView,
  PayoutBatchViewSchema,
} from '../../shared/payout-views.js';
import type { ApiResult } from './api-result.js';
import type {
  AuditRow,
  ConsoleOrder,
  CreatedCreditSource,
  CreditRow,
  CreditSource,
  IssuedKey,
  SessionInfo,
} from './console-types.js';

export type MerchantInput = Partial<Record<string, string | readonly string[] | null>>;

/**
 * The operator API as the console uses it: the only place in the console that makes requests.
 * The session lives in an HttpOnly cookie the page never sees; the CSRF token read at sign-in
 * (or from the session) is sent with every state-changing request.
 */
export interface ConsoleApi {
  session(): Promise<ApiResult<SessionInfo>>;
  signIn(token: string): Promise<ApiResult<SessionInfo>>;
  signOut(): Promise<ApiResult<unknown>>;
  today(): Promise<ApiResult<TodaySummary>>;
  searchOrders(query: Record<string, string>, cursor?: string): Promise<ApiResult<OrderPage>>;
  order(paymentUid: string): Promise<ApiResult<ConsoleOrder>>;
  timeline(paymentUid: string): Promise<ApiResult<TimelineEntry[]>>;
  resendCallback(paymentUid: string, note: string): Promise<ApiResult<unknown>>;
  setStatus(paymentUid: string, status: string, reason: string): Promise<ApiResult<ConsoleOrder>>;
  merchants(): Promise<ApiResult<MerchantView[]>>;
  merchant(uid: string): Promise<ApiResult<MerchantDetail>>;
  createMerchant(input: MerchantInput): Promise<ApiResult<{ merchant: MerchantView } & IssuedKey>>;
  updateMerchant(uid: string, input: MerchantInput): Promise<ApiResult<MerchantView>>;
  setMerchantEnabled(uid: string, enabled: boolean): Promise<ApiResult<MerchantView>>;
  issueKey(uid: string): Promise<ApiResult<IssuedKey>>;
  revokeKey(uid: string, key: string): Promise<ApiResult<unknown>>;
  blacklist(uid: string): Promise<ApiResult<{ from_name: string; created_at: string }[]>>;
  addToBlacklist(uid: string, fromName: string): Promise<ApiResult<unknown>>;
  removeFromBlacklist(uid: string, fromName: string): Promise<ApiResult<unknown>>;
  ledger(uid: string): Promise<ApiResult<LedgerLine[]>>;
  credits(state: string, before?: string): Promise<ApiResult<CreditRow[]>>;
  fixText(textId: string, input: Record<string, string>): Promise<ApiResult<Record<string, unknown>>>;
  matchCredit(
    creditId: string,
    paymentUid: string,
    note: string,
  ): Promise<ApiResult<Record<string, unknown>>>;
  audit(query: Record<string, string>): Promise<ApiResult<AuditRow[]>>;
  creditSources(merchantUid: string): Promise<ApiResult<CreditSource[]>>;
  createCreditSource(input: Record<string, string>): Promise<ApiResult<CreatedCreditSource>>;
  revokeCreditSource(sourceId: string): Promise<ApiResult<unknown>>;
  postCredit(input: Record<string, string>): Promise<ApiResult<Record<string, string>>>;
  payoutBatches(): Promise<ApiResult<PayoutBatchList>>;
  payoutBatch(batchId: string): Promise<ApiResult<PayoutBatchDetail>>;
  preparePayoutBatch(input: {
    account: string;
    ifsc: string;
    mode: string;
    note: string;
  }): Promise<ApiResult<{ batch: PayoutBatchDetail; skipped: { payment_uid: string; reason: string }[] }>>;
  approvePayoutBatch(batchId: string, note: string): Promise<ApiResult<PayoutBatchView>>;
  markPayoutBatchUploaded(batchId: string, note: string): Promise<ApiResult<PayoutBatchView>>;
  payoutsAttention(): Promise<ApiResult<PayoutAttention[]>>;
  /** The address of a batch's file in a layout (a plain GET the browser downloads with the session cookie). */
  payoutBatchFileUrl(batchId: string, options: Record<string, string>): string;
}

export interface ConsoleApiOptions {
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

type Method = 'get' | 'post' | 'patch' | 'delete';

export function createConsoleApi(options: ConsoleApiOptions): ConsoleApi {
  const client = ky.create({
    prefixUrl: options.baseUrl,
    retry: 0,
    timeout: options.timeoutMs ?? 20_000,
    throwHttpErrors: false,
    cache: 'no-store',
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  let csrf = '';
  const call = <T>(method: Method, path: string, json?: unknown) => send<T>(client, method, path, json, csrf);
  /** A read whose answer is parsed with its shared schema; an answer that does not match is `offline`. */
  const read = async <S extends z.ZodMiniType>(schema: S, method: Method, path: string, json?: unknown) =>
    checked(schema, await call<unknown>(method, path, json));
  const op = (path: string) => `operator/api/${path}`;
  const uid = encodeURIComponent;
  const remember = (result: ApiResult<SessionInfo>) => {
    csrf = result.kind === 'ok' ? result.data.csrf_token : '';
    return result;
  };

  return {
    session: async () => {
      const result = await call<SessionInfo | { signed_in: false }>('get', 'console/api/session');
      if (result.kind === 'ok' && !result.data.signed_in) return remember({ kind: 'unauthorized' });
      return remember(result as ApiResult<SessionInfo>);
    },
    signIn: async (token) => remember(await call<SessionInfo>('post', 'console/api/session', { token })),
    signOut: async () => {
      const result = await call('delete', 'console/api/session');
      csrf = '';
      return result;
    },
    today: () => read(TodaySummarySchema, 'get', op('summary/today')),
    searchOrders: (query, cursor) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
      if (cursor) params.set('cursor', cursor);
      return read(OrderPageSchema, 'get', op(`order-search?${params}`));
    },
    order: (paymentUid) => call('get', op(`orders/${uid(paymentUid)}`)),
    timeline: (paymentUid) => read(TimelineSchema, 'get', op(`orders/${uid(paymentUid)}/timeline`)),
    resendCallback: (paymentUid, note) =>
      call('post', op(`orders/${uid(paymentUid)}/callbacks/resend`), { note }),
    setStatus: (paymentUid, status, reason) =>
      call('post', op(`orders/${uid(paymentUid)}/status`), { status, ...(reason ? { reason } : {}) }),
    merchants: () => read(MerchantListSchema, 'get', op('merchants')),
    merchant: (merchantUid) => read(MerchantDetailSchema, 'get', op(`merchants/${uid(merchantUid)}`)),
    createMerchant: (input) => call('post', op('merchants'), input),
    updateMerchant: (merchantUid, input) =>
      read(MerchantViewSchema, 'patch', op(`merchants/${uid(merchantUid)}`), input),
    setMerchantEnabled: (merchantUid, enabled) =>
      read(MerchantViewSchema, 'post', op(`merchants/${uid(merchantUid)}/${enabled ? 'enable' : 'disable'}`)),
    issueKey: (merchantUid) => call('post', op(`merchants/${uid(merchantUid)}/keys`)),
    revokeKey: (merchantUid, key) => call('delete', op(`merchants/${uid(merchantUid)}/keys/${uid(key)}`)),
    blacklist: (merchantUid) => call('get', op(`merchants/${uid(merchantUid)}/blacklist`)),
    addToBlacklist: (merchantUid, fromName) =>
      call('post', op(`merchants/${uid(merchantUid)}/blacklist`), { from_name: fromName }),
    removeFromBlacklist: (merchantUid, fromName) =>
      call('delete', op(`merchants/${uid(merchantUid)}/blacklist/${uid(fromName)}`)),
    ledger: (merchantUid) =>
      read(LedgerLinesSchema, 'get', op(`merchants/${uid(merchantUid)}/ledger?limit=20`)),
    credits: (state, before) =>
      call(
        'get',
        op(`credits?${new URLSearchParams({ state, limit: '50', ...(before ? { before } : {}) })}`),
      ),
    fixText: (textId, input) => call('post', op(`credits/texts/${uid(textId)}/fix`), input),
    matchCredit: (creditId, paymentUid, note) =>
      call('post', op(`credits/${uid(creditId)}/match`), { payment_uid: paymentUid, note }),
    creditSources: (merchantUid) => call('get', op(`credit-sources?merchant_uid=${uid(merchantUid)}`)),
    createCreditSource: (input) => call('post', op('credit-sources'), input),
    revokeCreditSource: (sourceId) => call('delete', op(`credit-sources/${uid(sourceId)}`)),
    audit: (query) => {
      const params = new URLSearchParams({ limit: '50' });
      for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
      return call('get', op(`audit?${params}`));
    },
    postCredit: (input) => call('post', op('credits'), input),
    payoutBatches: () => read(PayoutBatchListSchema, 'get', op('payout-batches')),
    payoutBatch: (batchId) => read(PayoutBatchDetailSchema, 'get', op(`payout-batches/${uid(batchId)}`)),
    preparePayoutBatch: (input) => call('post', op('payout-batches'), input),
    approvePayoutBatch: (batchId, note) =>
      read(PayoutBatchViewSchema, 'post', op(`payout-batches/${uid(batchId)}/approve`), { note }),
    markPayoutBatchUploaded: (batchId, note) =>
      read(PayoutBatchViewSchema, 'post', op(`payout-batches/${uid(batchId)}/uploaded`), { note }),
    payoutsAttention: () => read(PayoutAttentionListSchema, 'get', op('payouts/attention')),
    payoutBatchFileUrl: (batchId, fileOptions) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(fileOptions)) if (value) params.set(name, value);
      return `${options.baseUrl.replace(/\/?$/, '/')}${op(`payout-batches/${uid(batchId)}/file`)}?${params}`;
    },
  };
}

async function send<T>(
  client: KyInstance,
  method: Method,
  path: string,
  json: unknown,
  csrf: string,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await client(path, {
      method,
      headers: method === 'get' || !csrf ? {} : { 'X-CSRF-Token': csrf },
      ...(json === undefined ? {} : { json }),
    });
  } catch {
    return { kind: 'offline' };
  }
  const body = (await response.json().catch(() => undefined)) as
    | { result?: string; data?: unknown }
    | undefined;
  if (response.status === 401) return { kind: 'unauthorized' };
  if (response.ok && body?.result === 'success') return { kind: 'ok', data: body.data as T };
  if (response.status >= 500 || body?.result !== 'error') return { kind: 'offline' };
  const error = (body.data ?? {}) as { error?: unknown; details?: unknown };
  return {
    kind: 'refused',
    code: typeof error.error === 'string' ? error.error : `http_${response.status}`,
    details: typeof error.details === 'string' ? error.details : '',
  };
}

function checked<S extends z.ZodMiniType>(schema: S, result: ApiResult<unknown>): ApiResult<z.infer<S>> {
  if (result.kind !== 'ok') return result;
  const parsed = schema.safeParse(result.data);
  return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'offline' };
}
