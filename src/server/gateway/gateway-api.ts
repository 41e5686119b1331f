/** The signed merchant API's routes as they describe themselves (docs/merchant-api.md). */
import { z } from 'zod';
import { BalanceSchema, CreatedOrderSchema, QueryViewSchema } from '../../shared/order-view-schemas.js';
import { apiRoute } from '../http/api-route.js';
import { requiredFirst } from '../http/input-error.js';
import { readFlatJson } from '../http/read-body.js';
import { CreateOrderRequestSchema, createOrderErrors } from './order-request.js';

/** Where app.ts mounts the gateway's routes. */
export const GATEWAY_API_PREFIX = '/gateway/api';
/**
 * The same routes again, for clients written against another deployment of this interface that
 * hard-code its prefix (docs/merchant-api.md, Overview). Same handlers, same signing; left out of
 * /openapi.json, which names the alias in its description instead of repeating each operation.
 */
export const GATEWAY_API_ALIAS_PREFIX = '/octopus/api';

const SIGNED =
  'Signed: OC-Key names the API key, OC-Signature is HMAC-SHA256 (lower-case hex) over all body fields sorted by name, joined as name=value with &.';

export const CREATE_ORDER = apiRoute({
  id: 'createOrder',
  method: 'post',
  path: '/order/new',
  tag: 'merchant',
  auth: 'signed',
  summary: 'Create a collection (income) or payout (expense) order',
  description: `${SIGNED} The same request again answers the same order; a different request with a used merchant_order_id is refused.`,
  body: CreateOrderRequestSchema,
  // The fields as signed: every scalar as its string (signed-request.ts reads the same).
  read: readFlatJson,
  invalid: createOrderErrors,
  bodyExample: {
    transaction_type: 'income',
    amount: '199.00',
    currency: 'inr',
    payterm: 'UPI',
    payment: 'india',
    merchant_order_id: 'SHOP-1001',
    merchant_uid: 'a3c5e7f9-0000-4000-8000-000000000001',
    notify_url: 'https://shop.example/upi/notify',
    response_type: 'json',
  },
  answers: {
    200: {
      description: 'Created, or the same request again: the payment object and the payer page',
      data: CreatedOrderSchema,
    },
    302: {
      description: 'response_type empty: a redirect to payment_url',
      headers: { Location: 'payment_url' },
    },
  },
  errors: [404, 409, 415, 422],
});

export const QUERY_ORDER = apiRoute({
  id: 'queryOrder',
  method: 'post',
  path: '/order/get',
  tag: 'merchant',
  auth: 'signed',
  summary: 'Query an order by merchant_order_id',
  description: SIGNED,
  body: z.object({ merchant_order_id: z.string() }),
  read: readFlatJson,
  invalid: requiredFirst(['merchant_order_id']),
  bodyExample: { merchant_order_id: 'SHOP-1001' },
  answers: { 200: { description: 'All fields of the order', data: QueryViewSchema } },
  errors: [404, 415],
});

export const MERCHANT_BALANCE = apiRoute({
  id: 'merchantBalance',
  method: 'post',
  path: '/ledger/get_merchant_ledger',
  tag: 'merchant',
  auth: 'signed',
  summary:
    "The merchant's balance: available (inr), held for payouts (inr_held), pending confirmation (inr_pending) and frozen (inr_frozen)",
  description: SIGNED,
  body: z.object({ merchant_uid: z.string() }),
  read: readFlatJson,
  invalid: requiredFirst(['merchant_uid']),
  bodyExample: { merchant_uid: 'a3c5e7f9-0000-4000-8000-000000000001' },
  answers: { 200: { description: 'Balance', data: BalanceSchema } },
  errors: [415],
});
