/**
 * The operator API's routes as they describe themselves (merchants, keys, blacklists, credits,
 * orders, the store's backup, named operators). The CLI calls them through operator-client.ts.
 */
import { z } from 'zod';
import { MerchantDetailSchema, MerchantListSchema, MerchantViewSchema } from '../../shared/console-views.js';
import { ConfirmedCreditSchema, LostClaimSchema, PostedCreditSchema } from '../../shared/credit-views.js';
import {
  BlacklistedSchema,
  CreatedMerchantSchema,
  IssuedKeySchema,
  RevokedKeySchema,
  UnlistedSchema,
} from '../../shared/merchant-answers.js';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';
import { OrderDetailSchema, QueryViewSchema } from '../../shared/order-view-schemas.js';
import { NoteSchema } from '../audit/audit-log.js';
import { apiRoute } from '../http/api-route.js';
import { readOptionalJson } from '../http/read-body.js';
import { limitField, MerchantParams, OrderParams, utrField } from '../http/request-fields.js';
import { UpdateMerchantSchema } from './merchant-settings.js';
import {
  BlacklistSchema,
  ConfirmCreditSchema,
  CreateMerchantSchema,
  CreateOperatorSchema,
  CreditSchema,
  SetStatusSchema,
} from './operator-schemas.js';

/** Where app.ts mounts the operator API (behind the operator's authentication). */
export const OPERATOR_API_PREFIX = '/operator/api';

const MERCHANT = 'The merchant: its settings, limits as amounts, status and collection accounts';

const { uid } = MerchantParams.shape;
/** An action whose only body is the operator's optional note for the audit log. */
const noted = { body: NoteSchema, read: readOptionalJson } as const;

export const CREATE_MERCHANT = apiRoute({
  id: 'createMerchant',
  method: 'post',
  path: '/merchants',
  tag: 'operator',
  auth: 'operator',
  summary: 'Create a merchant and its first key (the secret is shown once)',
  body: CreateMerchantSchema,
  bodyExample: { name: 'Chai Point', upi_vpa: 'chaipoint@okaxis', upi_payee_name: 'Chai Point Pvt Ltd' },
  answers: {
    201: {
      description: 'Created: the merchant, and its first api_key and api_secret',
      data: CreatedMerchantSchema,
    },
  },
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  errors: [409],
});

export const LIST_MERCHANTS = apiRoute({
  id: 'listMerchants',
  method: 'get',
  path: '/merchants',
  tag: 'operator',
  auth: 'operator',
  summary: 'List merchants',
  answers: { 200: { description: 'Merchants', data: MerchantListSchema } },
  errors: [],
});

export const SHOW_MERCHANT = apiRoute({
  id: 'showMerchant',
  method: 'get',
  path: '/merchants/:uid',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'A merchant with its keys and balance',
  answers: { 200: { description: `${MERCHANT}, keys and balance`, data: MerchantDetailSchema } },
  errors: [404],
});

export const UPDATE_MERCHANT = apiRoute({
  id: 'updateMerchant',
  method: 'patch',
  path: '/merchants/:uid',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'Edit display settings, limits, frame origins and collection accounts',
  body: UpdateMerchantSchema,
  bodyExample: { brand_color: '#0a7d5a', support_contact: 'help@chaipoint.example' },
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ISSUE_KEY = apiRoute({
  id: 'issueKey',
  method: 'post',
  path: '/merchants/:uid/keys',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Issue another API key (the secret is shown once)',
  answers: { 201: { description: 'api_key and api_secret', data: IssuedKeySchema } },
  errors: [404],
});

export const REVOKE_KEY = apiRoute({
  id: 'revokeKey',
  method: 'delete',
  path: '/merchants/:uid/keys/:key',
  params: z.object({ uid, key: z.string().describe('The API key') }),
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Revoke an API key',
  answers: {
    200: { description: 'Revoked', data: RevokedKeySchema },
  },
  errors: [404],
});

export const DISABLE_MERCHANT = apiRoute({
  id: 'disableMerchant',
  method: 'post',
  path: '/merchants/:uid/disable',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Disable a merchant: its signed requests are refused',
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ENABLE_MERCHANT = apiRoute({
  id: 'enableMerchant',
  method: 'post',
  path: '/merchants/:uid/enable',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Enable a disabled merchant again',
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ADD_TO_BLACKLIST = apiRoute({
  id: 'addToBlacklist',
  method: 'post',
  path: '/merchants/:uid/blacklist',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'Blacklist a payer name (from_name) for a merchant',
  body: BlacklistSchema,
  bodyExample: { from_name: 'Fraudulent Payer' },
  answers: {
    201: { description: 'Added', data: BlacklistedSchema },
  },
  errors: [404],
});

export const REMOVE_FROM_BLACKLIST = apiRoute({
  id: 'removeFromBlacklist',
  method: 'delete',
  path: '/merchants/:uid/blacklist/:from_name',
  params: z.object({ uid, from_name: z.string().describe('The payer name') }),
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Take a payer name off the blacklist',
  answers: { 200: { description: 'Removed', data: UnlistedSchema } },
  errors: [404],
});

export const POST_CREDIT = apiRoute({
  id: 'postCredit',
  method: 'post',
  path: '/credits',
  tag: 'operator',
  auth: 'operator',
  summary: 'Post a bank credit',
  description:
    'It settles only an order whose collection account is its payee; without a payee, only when one merchant has collection accounts.',
  body: CreditSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', payee: 'chaipoint@okaxis' },
  answers: {
    201: { description: 'Posted', data: PostedCreditSchema },
    200: { description: 'Already posted (the same credit again)', data: PostedCreditSchema },
  },
  errors: [409],
});

export const CONFIRM_CREDIT = apiRoute({
  id: 'confirmCredit',
  method: 'post',
  path: '/credits/:utr/confirm',
  params: z.object({ utr: utrField.describe('The credit (its UTR)') }),
  tag: 'operator',
  auth: 'operator',
  summary: 'Confirm which order a waiting credit without a payee belongs to',
  description:
    'The order that claimed it, or any collection order if none did; a credit paid to another account is refused.',
  body: ConfirmCreditSchema,
  answers: {
    200: { description: 'Settled', data: ConfirmedCreditSchema },
  },
  errors: [404, 409],
});

export const LOST_CLAIMS = apiRoute({
  id: 'listLostClaims',
  method: 'get',
  path: '/lost-claims',
  tag: 'operator',
  auth: 'operator',
  summary:
    'Claims that lost (a UTR another order holds, or a credit paid to another account), with both orders',
  query: z.object({
    utr: z.string().optional().describe('Only this UTR'),
    payment_uid: z.string().optional().describe('Only claims of this order (lost or winning)'),
    limit: limitField(1000, 100),
  }),
  answers: { 200: { description: 'Lost claims, most recent first', data: z.array(LostClaimSchema) } },
  errors: [],
});

export const LIST_ORDERS = apiRoute({
  id: 'listOrders',
  method: 'get',
  path: '/orders',
  tag: 'operator',
  auth: 'operator',
  summary: 'Recent orders, newest first',
  query: z.object({
    merchant_uid: z.string().optional().describe('Only this merchant'),
    status: z.enum(PAYMENT_STATUSES).optional().describe('Only this payment_status'),
    limit: limitField(1000, 100),
  }),
  answers: { 200: { description: 'Orders', data: z.array(QueryViewSchema) } },
  errors: [],
});

export const SHOW_ORDER = apiRoute({
  id: 'showOrder',
  method: 'get',
  path: '/orders/:payment_uid',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'An order with its status history and UTR claims',
  answers: { 200: { description: 'The order, history and utr_claims', data: OrderDetailSchema } },
  errors: [404],
});

export const SET_ORDER_STATUS = apiRoute({
  id: 'setOrderStatus',
  method: 'post',
  path: '/orders/:payment_uid/status',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary: "Set a payout's outcome or refund a collection",
  body: SetStatusSchema,
  bodyExample: { status: 'completed' },
  answers: { 200: { description: 'Changed: the order', data: QueryViewSchema } },
  errors: [404, 409],
});

export const BACKUP = apiRoute({
  id: 'backupStore',
  method: 'get',
  path: '/store/backup',
  tag: 'operator',
  auth: 'operator',
  summary: 'A consistent copy of the embedded store (gzipped tar); on PostgreSQL, how to use pg_dump',
  answers: {
    200: {
      description: 'The backup (restore it with RESTORE_FROM into an empty DATA_DIR)',
      media: { 'application/gzip': { type: 'string', contentMediaType: 'application/gzip' } },
    },
  },
  errors: [],
});

const operator = z.object({
  name: z.string(),
  created_by: z.string().describe('The operator who added it'),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const LIST_OPERATORS = apiRoute({
  id: 'listOperators',
  method: 'get',
  path: '/operators',
  tag: 'operator',
  auth: 'operator',
  summary: 'List named operators',
  answers: { 200: { description: 'Named operators', data: z.array(operator) } },
  errors: [],
});

export const ADD_OPERATOR = apiRoute({
  id: 'addOperator',
  method: 'post',
  path: '/operators',
  tag: 'operator',
  auth: 'operator',
  summary: 'Add a named operator (root only); its token is shown once',
  body: CreateOperatorSchema,
  bodyExample: { name: 'asha' },
  answers: { 201: { description: 'Created, with its token', data: operator.extend({ token: z.string() }) } },
  errors: [403, 409],
});

export const REVOKE_OPERATOR = apiRoute({
  id: 'revokeOperator',
  method: 'delete',
  path: '/operators/:name',
  params: z.object({ name: z.string().describe('The operator') }),
  tag: 'operator',
  auth: 'operator',
  summary: "Revoke a named operator's token and end its sessions (root only)",
  answers: {
    200: { description: 'Revoked', data: z.object({ name: z.string(), status: z.literal('revoked') }) },
  },
  errors: [403, 404],
});
