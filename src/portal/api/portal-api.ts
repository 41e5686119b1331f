import type * as z from 'zod/mini';
import type { ApiResult } from '../../console/api/api-result.js';
import {
  type ConsoleApiOptions,
  checked,
  createApiClient,
  type Method,
  send,
} from '../../console/api/console-api.js';
import { OrderCallbacksSchema, type OutboxEntry, OutboxEntrySchema } from '../../shared/callback-views.js';
import { type IssuedKey, IssuedKeySchema, RevokedKeySchema } from '../../shared/merchant-answers.js';
import {
  type InvitedUser,
  InvitedUserSchema,
  MerchantUserSchema,
  MerchantUsersSchema,
  type MerchantUserView,
  type PortalBalance,
  PortalBalanceSchema,
  type PortalKey,
  PortalKeysSchema,
  type PortalOrderDetail,
  PortalOrderDetailSchema,
  type PortalOrderPage,
  PortalOrderPageSchema,
  PortalSessionSchema,
  type PortalSettings,
  PortalSettingsSchema,
  type PortalSignedIn,
  PortalSignedInSchema,
  type ResentCallbacks,
  ResentCallbacksSchema,
  type TestCallback,
  TestCallbackSchema,
} from '../../shared/portal-views.js';
import { SignedOutSchema } from '../../shared/session-view.js';

export type OrderCallbacks = z.infer<typeof OrderCallbacksSchema>;
export type SettingsChange = Partial<Record<string, string | readonly string[] | null>>;

/**
 * The portal API (/merchant/api) as the page uses it: the only place in the portal that makes
 * requests. Every answer is parsed with the schema the service documents it with (src/shared), so
 * the page's types are the answers' own; an answer that does not match is `offline`. The session
 * is an HttpOnly cookie the page never sees; the CSRF token it answers goes with every change.
 */
export interface PortalApi {
  session(): Promise<ApiResult<PortalSignedIn>>;
  signIn(email: string, password: string): Promise<ApiResult<PortalSignedIn>>;
  acceptInvite(token: string, password: string): Promise<ApiResult<PortalSignedIn>>;
  signOut(): Promise<ApiResult<unknown>>;
  orders(query: Record<string, string>, cursor?: string): Promise<ApiResult<PortalOrderPage>>;
  order(paymentUid: string): Promise<ApiResult<PortalOrderDetail>>;
  callbacks(paymentUid: string): Promise<ApiResult<OrderCallbacks>>;
  resendCallback(paymentUid: string): Promise<ApiResult<OutboxEntry>>;
  resendFailed(since: string): Promise<ApiResult<ResentCallbacks>>;
  /** A signed test callback to `notifyUrl`, or to the default notify URL when it is ''. */
  testCallback(notifyUrl: string): Promise<ApiResult<TestCallback>>;
  balance(): Promise<ApiResult<PortalBalance>>;
  /** The address of a statement (a plain GET the browser downloads with the session cookie). */
  statementUrl(from: string, to: string): string;
  keys(): Promise<ApiResult<PortalKey[]>>;
  createKey(): Promise<ApiResult<IssuedKey>>;
  revokeKey(key: string): Promise<ApiResult<unknown>>;
  settings(): Promise<ApiResult<PortalSettings>>;
  updateSettings(changes: SettingsChange): Promise<ApiResult<PortalSettings>>;
  team(): Promise<ApiResult<MerchantUserView[]>>;
  invite(email: string): Promise<ApiResult<InvitedUser>>;
  removeUser(userId: string): Promise<ApiResult<MerchantUserView>>;
}

export type PortalApiOptions = ConsoleApiOptions;
const API = 'merchant/api';

export function createPortalApi(options: PortalApiOptions): PortalApi {
  const client = createApiClient(options);
  let csrf = '';
  const read = async <S extends z.ZodMiniType>(schema: S, method: Method, path: string, json?: unknown) =>
    checked(schema, await send(client, method, `${API}/${path}`, json, csrf));
  const uid = encodeURIComponent;
  const remember = (result: ApiResult<PortalSignedIn>) => {
    csrf = result.kind === 'ok' ? result.data.csrf_token : '';
    return result;
  };

  return {
    session: async () => {
      const result = await read(PortalSessionSchema, 'get', 'session');
      if (result.kind === 'ok' && !result.data.signed_in) return remember({ kind: 'unauthorized' });
      return remember(result as ApiResult<PortalSignedIn>);
    },
    signIn: async (email, password) =>
      remember(await read(PortalSignedInSchema, 'post', 'session', { email, password })),
    acceptInvite: async (token, password) =>
      remember(await read(PortalSignedInSchema, 'post', 'invite', { token, password })),
    signOut: async () => {
      const result = await read(SignedOutSchema, 'delete', 'session');
      csrf = '';
      return result;
    },
    orders: (query, cursor) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
      if (cursor) params.set('cursor', cursor);
      return read(PortalOrderPageSchema, 'get', `orders?${params}`);
    },
    order: (paymentUid) => read(PortalOrderDetailSchema, 'get', `orders/${uid(paymentUid)}`),
    callbacks: (paymentUid) => read(OrderCallbacksSchema, 'get', `orders/${uid(paymentUid)}/callbacks`),
    resendCallback: (paymentUid) =>
      read(OutboxEntrySchema, 'post', `orders/${uid(paymentUid)}/callbacks/resend`, {}),
    resendFailed: (since) => read(ResentCallbacksSchema, 'post', 'callbacks/resend-failed', { since }),
    testCallback: (notifyUrl) =>
      read(TestCallbackSchema, 'post', 'callbacks/test', notifyUrl ? { notify_url: notifyUrl } : {}),
    balance: () => read(PortalBalanceSchema, 'get', 'balance?limit=50'),
    statementUrl: (from, to) =>
      `${options.baseUrl.replace(/\/?$/, '/')}${API}/balance/statement?${new URLSearchParams({ from, to })}`,
    keys: () => read(PortalKeysSchema, 'get', 'keys'),
    createKey: () => read(IssuedKeySchema, 'post', 'keys', {}),
    revokeKey: (key) => read(RevokedKeySchema, 'delete', `keys/${uid(key)}`),
    settings: () => read(PortalSettingsSchema, 'get', 'settings'),
    updateSettings: (changes) => read(PortalSettingsSchema, 'patch', 'settings', changes),
    team: () => read(MerchantUsersSchema, 'get', 'team'),
    invite: (email) => read(InvitedUserSchema, 'post', 'team', { email }),
    removeUser: (userId) => read(MerchantUserSchema, 'delete', `team/${uid(userId)}`),
  };
}
