/** The signed merchant API's routes as they describe themselves (docs/merchant-api.md). */
import { z } from 'zod';
import { BalanceSchema, CreatedOrderSchema, QueryViewSchema } from '../../shared/order-view-schemas.js';
import { requiredFirst } from '../http/input-error.js';
import { readFlatJson } from '../http/read-body.js';
import { ok, routeGroup } from '../http/route-group.js';
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

/** The merchant API: every request signed with one of the merchant's API keys. */
const merchantApi = routeGroup('merchant', 'signed');

/** The body of a signed request of plain fields: each one required, read as signed. */
function signedFields<S extends z.ZodRawShape>(shape: S) {
  return {
    description: SIGNED,
    body: z.object(shape),
    read: readFlatJson,
    invalid: requiredFirst(Object.keys(shape)),
  };
}

export const CREATE_ORDER = merchantApi.post('/order/new', 'createOrder', {
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

export const QUERY_ORDER = merchantApi.post('/order/get', 'queryOrder', {
  summary: 'Query an order by merchant_order_id',
  ...signedFields({ merchant_order_id: z.string() }),
  bodyExample: { merchant_order_id: 'SHOP-1001' },
  answers: ok('All fields of the order', QueryViewSchema),
  errors: [404, 415],
});

export const MERCHANT_BALANCE = merchantApi.post('/ledger/get_merchant_ledger', 'merchantBalance', {
  summary:
    "The merchant's balance: available (inr), held for payouts (inr_held), pending confirmation (inr_pending) and frozen (inr_frozen)",
  ...signedFields({ merchant_uid: z.string() }),
  bodyExample: { merchant_uid: 'a3c5e7f9-0000-4000-8000-000000000001' },
  answers: ok('Balance', BalanceSchema),
  errors: [415],
});
