/**
 * The merchant portal's screens as they describe themselves (under /merchant/api, behind the
 * portal session): orders and their story, callbacks and resends, the balance and its statement,
 * API keys, settings and the team. Every route reads and changes the signed-in merchant's data only.
 */
import { z } from 'zod';
import { OrderCallbacksSchema, OutboxEntrySchema } from '../../shared/callback-views.js';
import { isHttpUrl } from '../../shared/http-url.js';
import { IssuedKeySchema, RevokedKeySchema } from '../../shared/merchant-answers.js';
import {
  InvitedUserSchema,
  MerchantUserSchema,
  MerchantUsersSchema,
  PortalBalanceSchema,
  PortalKeysSchema,
  PortalOrderDetailSchema,
  PortalOrderPageSchema,
  PortalSettingsSchema,
  ResentCallbacksSchema,
  TestCallbackSchema,
} from '../../shared/portal-views.js';
import { NoteSchema } from '../audit/audit-log.js';
import { OrderSearchSchema } from '../console/order-search.js';
import { apiRoute } from '../http/api-route.js';
import { readOptionalJson } from '../http/read-body.js';
import { limitField, OrderParams } from '../http/request-fields.js';
import { UpdateMerchantSchema } from '../merchants/merchant-settings.js';
import { InviteSchema } from './portal-api.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-11');

export const PortalOrderSearchSchema = OrderSearchSchema.omit({ merchant_uid: true });

export const PORTAL_ORDERS = apiRoute({
  id: 'portalOrders',
  method: 'get',
  path: '/orders',
  tag: 'portal',
  auth: 'portal',
  summary: "The merchant's orders, newest first: search by merchant_order_id, payment_uid, UTR or amount",
  query: PortalOrderSearchSchema,
  answers: { 200: { description: 'A page of orders and the next cursor', data: PortalOrderPageSchema } },
  errors: [],
});

export const PORTAL_ORDER = apiRoute({
  id: 'portalOrder',
  method: 'get',
  path: '/orders/:payment_uid',
  params: OrderParams,
  tag: 'portal',
  auth: 'portal',
  summary: "One of the merchant's orders and its story (another merchant's order is 404)",
  answers: { 200: { description: 'The order and its story in time order', data: PortalOrderDetailSchema } },
  errors: [404],
});

export const PORTAL_ORDER_CALLBACKS = apiRoute({
  id: 'portalOrderCallbacks',
  method: 'get',
  path: '/orders/:payment_uid/callbacks',
  params: OrderParams,
  tag: 'portal',
  auth: 'portal',
  summary: "An order's callbacks: every attempt with its status code, answer and time",
  answers: {
    200: { description: 'notify_url, notify_status, outbox and attempts', data: OrderCallbacksSchema },
  },
  errors: [404],
});

export const PORTAL_RESEND_CALLBACK = apiRoute({
  id: 'portalResendCallback',
  method: 'post',
  path: '/orders/:payment_uid/callbacks/resend',
  params: OrderParams,
  body: NoteSchema,
  read: readOptionalJson,
  tag: 'portal',
  auth: 'portal',
  summary: "Send the order's current state to its notify_url again",
  answers: { 200: { description: 'The new outbox row', data: OutboxEntrySchema } },
  errors: [403, 404, 409],
});

export const ResendFailedSchema = z
  .object({
    since: z.iso.datetime({ offset: true }).describe('Orders created at or after this time (ISO 8601)'),
  })
  .meta({ id: 'PortalResendFailed' });

export const PORTAL_RESEND_FAILED = apiRoute({
  id: 'portalResendFailedCallbacks',
  method: 'post',
  path: '/callbacks/resend-failed',
  tag: 'portal',
  auth: 'portal',
  summary: 'Resend the callback of every order created since a time whose callback failed (up to 500)',
  body: ResendFailedSchema,
  answers: {
    200: { description: 'The orders resent, and how many had no notify_url', data: ResentCallbacksSchema },
  },
  errors: [403],
});

export const TestCallbackRequestSchema = z
  .object({
    notify_url: z
      .string()
      .max(2048)
      .refine(isHttpUrl, 'must be an absolute http or https URL')
      .optional()
      .describe('Where to send it; without it, the default notify URL of the settings'),
  })
  .meta({ id: 'PortalTestCallback' });

export const PORTAL_TEST_CALLBACK = apiRoute({
  id: 'portalTestCallback',
  method: 'post',
  path: '/callbacks/test',
  tag: 'portal',
  auth: 'portal',
  summary: 'Send a test callback, signed like real ones, and answer what came back',
  description:
    'The body is a flat JSON object with `test` "true"; it is signed with the newest active API key ' +
    '(OC-Key, OC-Signature) and sent through the same outbound checks as callbacks. At most 5 a ' +
    'merchant, then one a minute (429 with Retry-After).',
  body: TestCallbackRequestSchema,
  read: readOptionalJson,
  answers: {
    200: { description: "Status code, the answer's first bytes, latency", data: TestCallbackSchema },
  },
  errors: [403, 409, 429],
});

export const PORTAL_BALANCE = apiRoute({
  id: 'portalBalance',
  method: 'get',
  path: '/balance',
  tag: 'portal',
  auth: 'portal',
  summary: "The merchant's balance and its latest ledger lines",
  query: z.object({ limit: limitField(200, 50) }),
  answers: {
    200: { description: 'Available and held, and the lines newest first', data: PortalBalanceSchema },
  },
  errors: [],
});

export const PORTAL_STATEMENT = apiRoute({
  id: 'portalStatement',
  method: 'get',
  path: '/balance/statement',
  tag: 'portal',
  auth: 'portal',
  summary: 'The ledger lines of a range of days (India time, up to 92 days) as CSV',
  query: z.object({
    from: day.describe('The first day, YYYY-MM-DD (India time)'),
    to: day.describe('The last day, YYYY-MM-DD (India time), included'),
  }),
  answers: {
    200: { description: 'The statement, as an attachment', media: { 'text/csv': { type: 'string' } } },
  },
  errors: [],
});

export const PORTAL_KEYS = apiRoute({
  id: 'portalKeys',
  method: 'get',
  path: '/keys',
  tag: 'portal',
  auth: 'portal',
  summary: "The merchant's API keys (never their secrets)",
  answers: { 200: { description: 'Keys, oldest first', data: PortalKeysSchema } },
  errors: [],
});

export const PORTAL_CREATE_KEY = apiRoute({
  id: 'portalCreateKey',
  method: 'post',
  path: '/keys',
  body: NoteSchema,
  read: readOptionalJson,
  tag: 'portal',
  auth: 'portal',
  summary: 'Create another API key: its secret is shown this once',
  answers: { 201: { description: 'The key and its secret', data: IssuedKeySchema } },
  errors: [403],
});

export const KeyParams = z.object({ key: z.string().max(128).describe('The API key') });

export const PORTAL_REVOKE_KEY = apiRoute({
  id: 'portalRevokeKey',
  method: 'delete',
  path: '/keys/:key',
  params: KeyParams,
  tag: 'portal',
  auth: 'portal',
  summary: 'Revoke an API key (the only active key cannot be revoked: create another first)',
  answers: { 200: { description: 'Revoked', data: RevokedKeySchema } },
  errors: [403, 404, 409],
});

export const PortalSettingsChangeSchema = UpdateMerchantSchema.pick({
  callback_statuses: true,
  embed_origins: true,
  support_contact: true,
  brand_color: true,
  default_notify_url: true,
  redirect_origins: true,
})
  .strict()
  .meta({ id: 'PortalSettingsChange' });

export const PORTAL_SETTINGS = apiRoute({
  id: 'portalSettings',
  method: 'get',
  path: '/settings',
  tag: 'portal',
  auth: 'portal',
  summary: "The merchant's settings the portal may change",
  answers: { 200: { description: 'The settings', data: PortalSettingsSchema } },
  errors: [],
});

export const PORTAL_UPDATE_SETTINGS = apiRoute({
  id: 'portalUpdateSettings',
  method: 'patch',
  path: '/settings',
  tag: 'portal',
  auth: 'portal',
  summary:
    'Change callback statuses, frame and redirect origins, the default notify URL, the support contact payers see, the brand colour',
  body: PortalSettingsChangeSchema,
  bodyExample: { callback_statuses: 'final', support_contact: 'help@chaipoint.in' },
  answers: { 200: { description: 'The settings after the change', data: PortalSettingsSchema } },
  errors: [403],
});

export const PORTAL_TEAM = apiRoute({
  id: 'portalTeam',
  method: 'get',
  path: '/team',
  tag: 'portal',
  auth: 'portal',
  summary: "The merchant's portal users",
  answers: { 200: { description: 'Users, oldest first', data: MerchantUsersSchema } },
  errors: [],
});

export const PORTAL_INVITE = apiRoute({
  id: 'portalInviteUser',
  method: 'post',
  path: '/team',
  tag: 'portal',
  auth: 'portal',
  summary: 'Invite a colleague: a one-time invite_url, valid 72 hours',
  body: InviteSchema,
  answers: { 201: { description: 'The user and the invitation link (shown once)', data: InvitedUserSchema } },
  errors: [403, 409],
});

export const UserParams = z.object({ user_id: z.string().max(64).describe('The user (its user_id)') });

export const PORTAL_REMOVE_USER = apiRoute({
  id: 'portalRemoveUser',
  method: 'delete',
  path: '/team/:user_id',
  params: UserParams,
  tag: 'portal',
  auth: 'portal',
  summary: 'Remove a user of the merchant (their sessions end); not oneself',
  answers: { 200: { description: 'Removed', data: MerchantUserSchema } },
  errors: [403, 404, 409],
});
