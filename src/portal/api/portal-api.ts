import type * as z from 'zod/mini';
import type { ApiResult } from '../../console/api/api-result.js';
import { type ConsoleApiOptions, createSessionClient, searchParams } from '../../console/api/console-api.js';
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
  type PortalSettings,
  PortalSettingsSchema,
  type PortalSignedIn,
  PortalSignedInSchema,
  type ResentCallbacks,
  ResentCallbacksSchema,
  type TestCallback,
  TestCallbackSchema,
} from '../../shared/portal-views.js';

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

export function createPortalApi(options: PortalApiOptions): PortalApi {
  const { read, session, start, signOut, href } = createSessionClient(options, {
    prefix: 'merchant/api/',
    sessionPath: 'session',
    signedIn: PortalSignedInSchema,
  });
  const uid = encodeURIComponent;

  return {
    session,
    signIn: (email, password) => start('session', { email, password }),
    acceptInvite: (token, password) => start('invite', { token, password }),
    signOut,
    orders: (query, cursor) =>
      read(PortalOrderPageSchema, 'get', `orders?${searchParams(query, { cursor })}`),
    order: (paymentUid) => read(PortalOrderDetailSchema, 'get', `orders/${uid(paymentUid)}`),
    callbacks: (paymentUid) => read(OrderCallbacksSchema, 'get', `orders/${uid(paymentUid)}/callbacks`),
    resendCallback: (paymentUid) =>
      read(OutboxEntrySchema, 'post', `orders/${uid(paymentUid)}/callbacks/resend`, {}),
    resendFailed: (since) => read(ResentCallbacksSchema, 'post', 'callbacks/resend-failed', { since }),
    testCallback: (notifyUrl) =>
      read(TestCallbackSchema, 'post', 'callbacks/test', notifyUrl ? { notify_url: notifyUrl } : {}),
    balance: () => read(PortalBalanceSchema, 'get', 'balance?limit=50'),
    statementUrl: (from, to) => href('balance/statement', new URLSearchParams({ from, to })),
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
