/**
 * The merchant portal's screens as they describe themselves (under /merchant/api, behind the
 * portal session): orders and their story, callbacks and resends, the balance and its statement,
 * API keys, settings and the team. Every route reads and changes the signed-in merchant's data only.
 */
import { z } from 'zod';
import { OrderCallbacksSchema } from '../../shared/callback-views.js';
import { isHttpUrl } from '../../shared/http-url.js';
import { IssuedKeySchema, RevokedKeySchema } from '../../shared/merchant-answers.js';
import {
  MerchantUserSchema,
  PortalBalanceSchema,
  PortalKeysSchema,
  PortalOrderDetailSchema,
  PortalOrderPageSchema,
  PortalSettingsSchema,
  ResentCallbacksSchema,
  TestCallbackSchema,
} from '../../shared/portal-views.js';
import { OrderSearchSchema } from '../console/order-search.js';
import { readOptionalJson } from '../http/read-body.js';
import { limitField } from '../http/request-fields.js';
import { created, noted, ok, portalApi } from '../http/route-group.js';
import { UpdateMerchantSchema } from '../merchants/merchant-settings.js';
import { resendParts } from '../notify/callback-api.js';
import { InviteSchema, invited, merchantUsers } from './portal-api.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-11');

export const PortalOrderSearchSchema = OrderSearchSchema.omit({ merchant_uid: true });

export const PORTAL_ORDERS = portalApi.get('/orders', 'portalOrders', {
  summary: "The merchant's orders, newest first: search by merchant_order_id, payment_uid, UTR or amount",
  query: PortalOrderSearchSchema,
  answers: ok('A page of orders and the next cursor', PortalOrderPageSchema),
});

export const PORTAL_ORDER = portalApi.get('/orders/:payment_uid', 'portalOrder', {
  summary: "One of the merchant's orders and its story (another merchant's order is 404)",
  answers: ok('The order and its story in time order', PortalOrderDetailSchema),
});

export const PORTAL_ORDER_CALLBACKS = portalApi.get(
  '/orders/:payment_uid/callbacks',
  'portalOrderCallbacks',
  {
    summary: "An order's callbacks: every attempt with its status code, answer and time",
    answers: ok('notify_url, notify_status, outbox and attempts', OrderCallbacksSchema),
  },
);

export const PORTAL_RESEND_CALLBACK = portalApi.post(
  '/orders/:payment_uid/callbacks/resend',
  'portalResendCallback',
  { ...resendParts, errors: [403, 409] },
);

export const ResendFailedSchema = z
  .object({
    since: z.iso.datetime({ offset: true }).describe('Orders created at or after this time (ISO 8601)'),
  })
  .meta({ id: 'PortalResendFailed' });

export const PORTAL_RESEND_FAILED = portalApi.post(
  '/callbacks/resend-failed',
  'portalResendFailedCallbacks',
  {
    summary: 'Resend the callback of every order created since a time whose callback failed (up to 500)',
    body: ResendFailedSchema,
    answers: ok('The orders resent, and how many had no notify_url', ResentCallbacksSchema),
    errors: [403],
  },
);

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

export const PORTAL_TEST_CALLBACK = portalApi.post('/callbacks/test', 'portalTestCallback', {
  summary: 'Send a test callback, signed like real ones, and answer what came back',
  description:
    'The body is a flat JSON object with `test` "true"; it is signed with the newest active API key ' +
    '(OC-Key, OC-Signature) and sent through the same outbound checks as callbacks. At most 5 a ' +
    'merchant, then one a minute (429 with Retry-After).',
  body: TestCallbackRequestSchema,
  read: readOptionalJson,
  answers: ok("Status code, the answer's first bytes, latency", TestCallbackSchema),
  errors: [403, 409, 429],
});

export const PORTAL_BALANCE = portalApi.get('/balance', 'portalBalance', {
  summary: "The merchant's balance and its latest ledger lines",
  query: z.object({ limit: limitField(200, 50) }),
  answers: ok('Available and held, and the lines newest first', PortalBalanceSchema),
});

export const PORTAL_STATEMENT = portalApi.get('/balance/statement', 'portalStatement', {
  summary: 'The ledger lines of a range of days (India time, up to 92 days) as CSV',
  query: z.object({
    from: day.describe('The first day, YYYY-MM-DD (India time)'),
    to: day.describe('The last day, YYYY-MM-DD (India time), included'),
  }),
  answers: {
    200: { description: 'The statement, as an attachment', media: { 'text/csv': { type: 'string' } } },
  },
});

export const PORTAL_KEYS = portalApi.get('/keys', 'portalKeys', {
  summary: "The merchant's API keys (never their secrets)",
  answers: ok('Keys, oldest first', PortalKeysSchema),
});

export const PORTAL_CREATE_KEY = portalApi.post('/keys', 'portalCreateKey', {
  ...noted,
  summary: 'Create another API key: its secret is shown this once',
  answers: created('The key and its secret', IssuedKeySchema),
  errors: [403],
});

export const KeyParams = z.object({ key: z.string().max(128).describe('The API key') });

export const PORTAL_REVOKE_KEY = portalApi.delete('/keys/:key', 'portalRevokeKey', {
  params: KeyParams,
  summary: 'Revoke an API key (the only active key cannot be revoked: create another first)',
  answers: ok('Revoked', RevokedKeySchema),
  errors: [403, 409],
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

export const PORTAL_SETTINGS = portalApi.get('/settings', 'portalSettings', {
  summary: "The merchant's settings the portal may change",
  answers: ok('The settings', PortalSettingsSchema),
});

export const PORTAL_UPDATE_SETTINGS = portalApi.patch('/settings', 'portalUpdateSettings', {
  summary:
    'Change callback statuses, frame and redirect origins, the default notify URL, the support contact payers see, the brand colour',
  body: PortalSettingsChangeSchema,
  bodyExample: { callback_statuses: 'final', support_contact: 'help@chaipoint.in' },
  answers: ok('The settings after the change', PortalSettingsSchema),
  errors: [403],
});

export const PORTAL_TEAM = portalApi.get('/team', 'portalTeam', merchantUsers);

export const PORTAL_INVITE = portalApi.post('/team', 'portalInviteUser', {
  summary: 'Invite a colleague: a one-time invite_url, valid 72 hours',
  body: InviteSchema,
  answers: invited,
  errors: [403, 409],
});

export const UserParams = z.object({ user_id: z.string().max(64).describe('The user (its user_id)') });

export const PORTAL_REMOVE_USER = portalApi.delete('/team/:user_id', 'portalRemoveUser', {
  params: UserParams,
  summary: 'Remove a user of the merchant (their sessions end); not oneself',
  answers: ok('Removed', MerchantUserSchema),
  errors: [403, 409],
});
