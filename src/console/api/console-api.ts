import ky, { type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { ApprovalListSchema, ApprovalSchema, type ApprovalView } from '../../shared/approval-views.js';
import { type Attention, AttentionSchema } from '../../shared/attention-views.js';
import { type AuditEntry, AuditLogSchema } from '../../shared/audit-views.js';
import { OutboxEntrySchema } from '../../shared/callback-views.js';
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
  ClaimResolvedSchema,
  type ClaimResolvedView,
  type ContestedCase,
  ContestedCaseSchema,
} from '../../shared/contested-views.js';
import {
  type CreatedCreditSource,
  CreatedCreditSourceSchema,
  CreditListSchema,
  CreditSourceSchema,
  DismissedTextSchema,
  type ListedCredit,
  type ListedText,
  type MatchedCredit,
  MatchedCreditSchema,
  type PostedCredit,
  PostedCreditSchema,
  type TextOutcome,
  TextOutcomeSchema,
  type WatchedCreditSource,
  WatchedCreditSourceSchema,
} from '../../shared/credit-views.js';
import {
  type BlacklistEntry,
  BlacklistedSchema,
  BlacklistSchema,
  type CreatedMerchant,
  CreatedMerchantSchema,
  type IssuedKey,
  IssuedKeySchema,
  RevokedKeySchema,
  UnlistedSchema,
} from '../../shared/merchant-answers.js';
import {
  type OrderDetail,
  OrderDetailSchema,
  type QueryView,
  QueryViewSchema,
} from '../../shared/order-view-schemas.js';
import {
  type PayoutAttention,
  PayoutAttentionListSchema,
  type PayoutBatchDetail,
  PayoutBatchDetailSchema,
  type PayoutBatchList,
  PayoutBatchListSchema,
  type PayoutBatchView,
  PayoutBatchViewSchema,
  type PreparedPayoutBatch,
  PreparedPayoutBatchSchema,
} from '../../shared/payout-views.js';
import { type SearchResults, SearchResultsSchema } from '../../shared/search-views.js';
import { type SignedIn, SignedInSchema, SignedOutSchema, sessionOf } from '../../shared/session-view.js';
import type { ApiResult } from './api-result.js';

export type MerchantInput = Partial<Record<string, string | readonly string[] | null>>;

/**
 * The operator API as the console uses it: the only place in the console that makes requests.
 * Every answer is parsed with the schema the service documents it with (src/shared), so the
 * console's types are the answers' own; an answer that does not match is `offline`.
 * The session lives in an HttpOnly cookie the page never sees; the CSRF token read at sign-in
 * (or from the session) is sent with every state-changing request.
 */
export interface ConsoleApi {
  session(): Promise<ApiResult<SignedIn>>;
  signIn(token: string): Promise<ApiResult<SignedIn>>;
  signOut(): Promise<ApiResult<unknown>>;
  today(): Promise<ApiResult<TodaySummary>>;
  attention(): Promise<ApiResult<Attention>>;
  searchOrders(query: Record<string, string>, cursor?: string): Promise<ApiResult<OrderPage>>;
  order(paymentUid: string): Promise<ApiResult<OrderDetail>>;
  timeline(paymentUid: string): Promise<ApiResult<TimelineEntry[]>>;
  resendCallback(paymentUid: string, note: string): Promise<ApiResult<unknown>>;
  setStatus(paymentUid: string, status: string, reason: string): Promise<ApiResult<QueryView>>;
  merchants(): Promise<ApiResult<MerchantView[]>>;
  merchant(uid: string): Promise<ApiResult<MerchantDetail>>;
  createMerchant(input: MerchantInput): Promise<ApiResult<CreatedMerchant>>;
  updateMerchant(uid: string, input: MerchantInput): Promise<ApiResult<MerchantView>>;
  setMerchantEnabled(uid: string, enabled: boolean): Promise<ApiResult<MerchantView>>;
  issueKey(uid: string): Promise<ApiResult<IssuedKey>>;
  revokeKey(uid: string, key: string): Promise<ApiResult<unknown>>;
  blacklist(uid: string): Promise<ApiResult<BlacklistEntry[]>>;
  addToBlacklist(uid: string, fromName: string): Promise<ApiResult<unknown>>;
  removeFromBlacklist(uid: string, fromName: string): Promise<ApiResult<unknown>>;
  ledger(uid: string): Promise<ApiResult<LedgerLine[]>>;
  /** The header search: the orders and the credits a term finds. */
  search(q: string): Promise<ApiResult<SearchResults>>;
  credits(state: string, before?: string): Promise<ApiResult<(ListedCredit | ListedText)[]>>;
  fixText(textId: string, input: Record<string, string>): Promise<ApiResult<TextOutcome>>;
  dismissText(textId: string, note: string): Promise<ApiResult<unknown>>;
  matchCredit(creditId: string, paymentUid: string, note: string): Promise<ApiResult<MatchedCredit>>;
  /** UTRs several orders claim (docs/money-controls.md, Contested claims), newest first. */
  contestedClaims(): Promise<ApiResult<ContestedCase[]>>;
  resolveContested(utr: string, paymentUid: string, note: string): Promise<ApiResult<ClaimResolvedView>>;
  audit(query: Record<string, string>): Promise<ApiResult<AuditEntry[]>>;
  creditSources(merchantUid: string): Promise<ApiResult<WatchedCreditSource[]>>;
  createCreditSource(input: Record<string, string>): Promise<ApiResult<CreatedCreditSource>>;
  revokeCreditSource(sourceId: string): Promise<ApiResult<unknown>>;
  postCredit(input: Record<string, string>): Promise<ApiResult<PostedCredit>>;
  payoutBatches(): Promise<ApiResult<PayoutBatchList>>;
  payoutBatch(batchId: string): Promise<ApiResult<PayoutBatchDetail>>;
  preparePayoutBatch(input: {
    account: string;
    ifsc: string;
    mode: string;
    note: string;
  }): Promise<ApiResult<PreparedPayoutBatch>>;
  approvePayoutBatch(batchId: string, note: string): Promise<ApiResult<PayoutBatchView>>;
  markPayoutBatchUploaded(batchId: string, note: string): Promise<ApiResult<PayoutBatchView>>;
  payoutsAttention(): Promise<ApiResult<PayoutAttention[]>>;
  /** Proposed manual money actions (docs/money-controls.md, Approvals), one state or all. */
  approvals(state: string): Promise<ApiResult<ApprovalView[]>>;
  approve(approvalId: string, note: string): Promise<ApiResult<ApprovalView>>;
  reject(approvalId: string, note: string): Promise<ApiResult<ApprovalView>>;
  /** The address of a batch's file in a layout (a plain GET the browser downloads with the session cookie). */
  payoutBatchFileUrl(batchId: string, options: Record<string, string>): string;
}

export interface ConsoleApiOptions {
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

type Method = 'get' | 'post' | 'patch' | 'delete';

/** The HTTP client of the console (and of the merchant portal, which calls its own API alike). */
function createApiClient(options: ConsoleApiOptions): KyInstance {
  return ky.create({
    prefixUrl: options.baseUrl,
    retry: 0,
    timeout: options.timeoutMs ?? 20_000,
    throwHttpErrors: false,
    cache: 'no-store',
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** What a page's session answers when signed in: whatever else, the CSRF token its changes send. */
type SignedInShape = z.ZodMiniType<{ readonly signed_in: true; readonly csrf_token: string }>;

/**
 * A page's requests and its session (the console's, and the merchant portal's over its own API):
 * every path under `prefix`, every answer parsed with its shared schema (one that does not match
 * is `offline`), and the CSRF token of the session last read or started sent with every change.
 */
export function createSessionClient<S extends SignedInShape>(
  options: ConsoleApiOptions,
  {
    prefix,
    sessionPath,
    signedIn,
  }: { readonly prefix: string; readonly sessionPath: string; readonly signedIn: S },
) {
  const client = createApiClient(options);
  const view = sessionOf(signedIn);
  let csrf = '';
  const read = async <T extends z.ZodMiniType>(schema: T, method: Method, path: string, json?: unknown) =>
    checked(schema, await send(client, method, `${prefix}${path}`, json, csrf));
  const remember = (result: ApiResult<z.infer<S>>) => {
    csrf = result.kind === 'ok' ? result.data.csrf_token : '';
    return result;
  };
  return {
    read,
    /** The session the cookie holds; none is `unauthorized`. */
    session: async () => {
      const result = await read(view, 'get', sessionPath);
      if (result.kind === 'ok' && !result.data.signed_in) return remember({ kind: 'unauthorized' });
      return remember(result as ApiResult<z.infer<S>>);
    },
    /** A session started by a POST to `path` (a sign-in, an accepted invitation). */
    start: async (path: string, json: unknown) => remember(await read(signedIn, 'post', path, json)),
    signOut: async () => {
      const result = await read(SignedOutSchema, 'delete', sessionPath);
      csrf = '';
      return result;
    },
    /** The address of a plain GET the browser makes itself (a download, with the session cookie). */
    href: (path: string, params: URLSearchParams) =>
      `${options.baseUrl.replace(/\/?$/, '/')}${prefix}${path}?${params}`,
  };
}

/** A query of the fields that have a value, in the order given; a later part's value replaces an earlier one's. */
export function searchParams(
  ...parts: readonly Readonly<Record<string, string | undefined>>[]
): URLSearchParams {
  const params = new URLSearchParams();
  for (const part of parts)
    for (const [name, value] of Object.entries(part)) if (value) params.set(name, value);
  return params;
}

export function createConsoleApi(options: ConsoleApiOptions): ConsoleApi {
  const { read, session, start, signOut, href } = createSessionClient(options, {
    prefix: '',
    sessionPath: 'console/api/session',
    signedIn: SignedInSchema,
  });
  const op = (path: string) => `operator/api/${path}`;
  const uid = encodeURIComponent;

  return {
    session,
    signIn: (token) => start('console/api/session', { token }),
    signOut,
    today: () => read(TodaySummarySchema, 'get', op('summary/today')),
    attention: () => read(AttentionSchema, 'get', op('attention')),
    searchOrders: (query, cursor) =>
      read(OrderPageSchema, 'get', op(`order-search?${searchParams(query, { cursor })}`)),
    order: (paymentUid) => read(OrderDetailSchema, 'get', op(`orders/${uid(paymentUid)}`)),
    timeline: (paymentUid) => read(TimelineSchema, 'get', op(`orders/${uid(paymentUid)}/timeline`)),
    resendCallback: (paymentUid, note) =>
      read(OutboxEntrySchema, 'post', op(`orders/${uid(paymentUid)}/callbacks/resend`), { note }),
    setStatus: (paymentUid, status, reason) =>
      read(QueryViewSchema, 'post', op(`orders/${uid(paymentUid)}/status`), {
        status,
        ...(reason ? { reason } : {}),
      }),
    merchants: () => read(MerchantListSchema, 'get', op('merchants')),
    merchant: (merchantUid) => read(MerchantDetailSchema, 'get', op(`merchants/${uid(merchantUid)}`)),
    createMerchant: (input) => read(CreatedMerchantSchema, 'post', op('merchants'), input),
    updateMerchant: (merchantUid, input) =>
      read(MerchantViewSchema, 'patch', op(`merchants/${uid(merchantUid)}`), input),
    setMerchantEnabled: (merchantUid, enabled) =>
      read(MerchantViewSchema, 'post', op(`merchants/${uid(merchantUid)}/${enabled ? 'enable' : 'disable'}`)),
    issueKey: (merchantUid) => read(IssuedKeySchema, 'post', op(`merchants/${uid(merchantUid)}/keys`)),
    revokeKey: (merchantUid, key) =>
      read(RevokedKeySchema, 'delete', op(`merchants/${uid(merchantUid)}/keys/${uid(key)}`)),
    blacklist: (merchantUid) => read(BlacklistSchema, 'get', op(`merchants/${uid(merchantUid)}/blacklist`)),
    addToBlacklist: (merchantUid, fromName) =>
      read(BlacklistedSchema, 'post', op(`merchants/${uid(merchantUid)}/blacklist`), { from_name: fromName }),
    removeFromBlacklist: (merchantUid, fromName) =>
      read(UnlistedSchema, 'delete', op(`merchants/${uid(merchantUid)}/blacklist/${uid(fromName)}`)),
    ledger: (merchantUid) =>
      read(LedgerLinesSchema, 'get', op(`merchants/${uid(merchantUid)}/ledger?limit=20`)),
    search: (q) => read(SearchResultsSchema, 'get', op(`search?${new URLSearchParams({ q })}`)),
    credits: (state, before) =>
      read(
        CreditListSchema,
        'get',
        op(`credits?${new URLSearchParams({ state, limit: '50', ...(before ? { before } : {}) })}`),
      ),
    dismissText: (textId, note) =>
      read(DismissedTextSchema, 'post', op(`credits/texts/${uid(textId)}/dismiss`), { note }),
    fixText: (textId, input) =>
      read(TextOutcomeSchema, 'post', op(`credits/texts/${uid(textId)}/fix`), input),
    matchCredit: (creditId, paymentUid, note) =>
      read(MatchedCreditSchema, 'post', op(`credits/${uid(creditId)}/match`), {
        payment_uid: paymentUid,
        note,
      }),
    contestedClaims: () => read(z.array(ContestedCaseSchema), 'get', op('credits/contested?limit=200')),
    resolveContested: (utr, paymentUid, note) =>
      read(ClaimResolvedSchema, 'post', op(`credits/contested/${uid(utr)}/resolve`), {
        payment_uid: paymentUid,
        note,
      }),
    creditSources: (merchantUid) =>
      read(z.array(WatchedCreditSourceSchema), 'get', op(`credit-sources?merchant_uid=${uid(merchantUid)}`)),
    createCreditSource: (input) => read(CreatedCreditSourceSchema, 'post', op('credit-sources'), input),
    revokeCreditSource: (sourceId) =>
      read(CreditSourceSchema, 'delete', op(`credit-sources/${uid(sourceId)}`)),
    audit: (query) => read(AuditLogSchema, 'get', op(`audit?${searchParams({ limit: '50' }, query)}`)),
    postCredit: (input) => read(PostedCreditSchema, 'post', op('credits'), input),
    payoutBatches: () => read(PayoutBatchListSchema, 'get', op('payout-batches')),
    payoutBatch: (batchId) => read(PayoutBatchDetailSchema, 'get', op(`payout-batches/${uid(batchId)}`)),
    preparePayoutBatch: (input) => read(PreparedPayoutBatchSchema, 'post', op('payout-batches'), input),
    approvePayoutBatch: (batchId, note) =>
      read(PayoutBatchViewSchema, 'post', op(`payout-batches/${uid(batchId)}/approve`), { note }),
    markPayoutBatchUploaded: (batchId, note) =>
      read(PayoutBatchViewSchema, 'post', op(`payout-batches/${uid(batchId)}/uploaded`), { note }),
    payoutsAttention: () => read(PayoutAttentionListSchema, 'get', op('payouts/attention')),
    approvals: (state) =>
      read(ApprovalListSchema, 'get', op(`approvals?${new URLSearchParams(state ? { state } : {})}`)),
    approve: (approvalId, note) =>
      read(ApprovalSchema, 'post', op(`approvals/${uid(approvalId)}/approve`), note ? { note } : {}),
    reject: (approvalId, note) =>
      read(ApprovalSchema, 'post', op(`approvals/${uid(approvalId)}/reject`), { note }),
    payoutBatchFileUrl: (batchId, fileOptions) =>
      href(op(`payout-batches/${uid(batchId)}/file`), searchParams(fileOptions)),
  };
}

/** One request with the session's CSRF token on changes; its answer as an ApiResult. */
async function send(
  client: KyInstance,
  method: Method,
  path: string,
  json: unknown,
  csrf: string,
): Promise<ApiResult<unknown>> {
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
  // Under dual control a manual money action is a proposal (202), not the answer its screen expects.
  if (response.status === 202 && body?.result === 'success') return proposed(body.data);
  if (response.ok && body?.result === 'success') return { kind: 'ok', data: body.data };
  if (response.status >= 500 || body?.result !== 'error') return { kind: 'offline' };
  const error = (body.data ?? {}) as { error?: unknown; details?: unknown };
  return {
    kind: 'refused',
    code: typeof error.error === 'string' ? error.error : `http_${response.status}`,
    details: typeof error.details === 'string' ? error.details : '',
  };
}

/** An answer parsed with its shared schema; one that does not match is `offline`. */
function checked<S extends z.ZodMiniType>(schema: S, result: ApiResult<unknown>): ApiResult<z.infer<S>> {
  if (result.kind !== 'ok') return result;
  const parsed = schema.safeParse(result.data);
  return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'offline' };
}

/** A proposal answered for an action: said to the operator, who finds it under Approvals. */
function proposed(data: unknown): ApiResult<unknown> {
  const parsed = ApprovalSchema.safeParse(data);
  const what = parsed.success ? ` ${parsed.data.approval_id}: ${parsed.data.summary}` : '';
  return {
    kind: 'refused',
    code: 'awaiting_approval',
    details: `Proposed for approval${what}. Nothing moved yet: another operator approves it under Approvals.`,
  };
}
