/**
 * What the API answers about an order (server/orders/order-views.ts writes them): the payment
 * object of the creation answer, the order as the merchant's query and the operator API show it
 * (with its history and claims on its own page), the balance and the callback body. The service's
 * /openapi.json describes its answers with them, and the console parses the answers it reads with
 * them; tests parse real answers and a real callback with them, so they cannot drift from the code.
 * Written with `zod/mini`, as payer-order.ts, so the console reads answers without full zod's weight.
 */
import * as z from 'zod/mini';
import { TRANSACTION_TYPES } from './order-status.js';
import { merchantFields, recordTimeFields } from './view-fields.js';

const amount = z.string().check(z.describe('Rupees with two decimals, e.g. 199.00'));
const accountFields = {
  from: z.string(),
  from_name: z.string(),
  from_bank_name: z.string(),
  to: z.string(),
  to_name: z.string(),
  to_bank_name: z.string(),
};
const status = z
  .string()
  .check(
    z.describe(
      'pending, preparing, processing, completed, failed, reject, refund or overdue (docs/merchant-api.md, States)',
    ),
  );

export const PaymentObjectSchema = z
  .object({
    order_uid: z.string(),
    ...accountFields,
    payment_status: status,
    payment_fail_reason: z.string(),
    final_amount: amount,
    currency: z.literal('INR'),
    transaction_type: z.enum(TRANSACTION_TYPES),
    payment_uid: z.string(),
    channel: z.string(),
    original_checkout_url: z.string(),
    extra: z.string(),
    is_merge: z.boolean(),
  })
  .check(z.meta({ id: 'PaymentObject' }));

export const CreatedOrderSchema = z
  .object({ payment: PaymentObjectSchema, payterm: PaymentObjectSchema, payment_url: z.string() })
  .check(z.meta({ id: 'CreatedOrder' }));

export const QueryViewSchema = z
  .object({
    ...accountFields,
    amount,
    final_amount: amount,
    currency: z.literal('INR'),
    country: z.string(),
    transaction_type: z.enum(TRANSACTION_TYPES),
    accounting_type: z.string(),
    merchant_order_id: z.string(),
    ...merchantFields,
    channel: z.string(),
    payterm: z.string(),
    payment_status: status,
    payment_fail_reason: z.string(),
    payment: z.string(),
    response_type: z.string(),
    ip: z.string(),
    user_agent: z.string(),
    distribute_rules: z.string(),
    payment_uid: z.string(),
    order_uid: z.string(),
    redirect_url: z.string(),
    notify_url: z.string(),
    notify_status: z.string(),
    notify_fail_reason: z.string(),
    accounting_status: z.string(),
    accounting_fail_reason: z.string(),
    signature_key: z.string(),
    serial_number: z
      .string()
      .check(z.describe("The UTR that settled the order (a payout: the bank's UTR), or empty")),
    reversed_at: z.string().check(z.describe('A completed payout whose money came back: when; else empty')),
    reversal_reason: z.string().check(z.describe('Why the completed payout was reversed, or empty')),
    extra: z.string(),
    payment_url: z.string(),
    expires_at: z.string(),
    ...recordTimeFields,
  })
  .check(z.meta({ id: 'Order' }));

export const BalanceSchema = z
  .object({
    uid: z.string(),
    ...merchantFields,
    inr: z.string().check(z.describe('Available balance')),
    inr_held: z.string().check(z.describe('Held for payouts in flight')),
    inr_pending: z
      .string()
      .check(
        z.describe(
          'Collected, but known only from a bank text: available once a bank statement confirms it or its hold ends',
        ),
      ),
    inr_frozen: z
      .string()
      .check(
        z.describe('Collected, but contradicted by a bank statement line: frozen until an operator decides'),
      ),
    ...recordTimeFields,
  })
  .check(z.meta({ id: 'Balance' }));

/**
 * The body POSTed to notify_url (signed with OC-Key and OC-Signature over its fields): string
 * values only, empty ones left out.
 */
export const CallbackBodySchema = z
  .object({
    merchant_order_id: z.string(),
    merchant_uid: z.string(),
    merchant_name: z.optional(z.string()),
    payment_uid: z.string(),
    order_uid: z.optional(z.string()),
    transaction_type: z.enum(TRANSACTION_TYPES),
    accounting_type: z.optional(z.string()),
    payterm: z.string(),
    payment: z.optional(z.string()),
    channel: z.optional(z.string()),
    country: z.optional(z.string()),
    currency: z.literal('INR'),
    amount,
    final_amount: amount,
    payment_status: status,
    payment_fail_reason: z.optional(z.string()),
    accounting_status: z.optional(z.string()),
    serial_number: z
      .optional(z.string())
      .check(z.describe("The UTR that settled the order (a payout: the bank's UTR)")),
    reversed_at: z
      .optional(z.string())
      .check(z.describe('A completed payout whose money came back: when (its status stays completed)')),
    reversal_reason: z.optional(z.string()).check(z.describe('Why the completed payout was reversed')),
    from: z.optional(z.string()),
    from_name: z.optional(z.string()),
    from_bank_name: z.optional(z.string()),
    to: z.optional(z.string()),
    to_name: z.optional(z.string()),
    to_bank_name: z.optional(z.string()),
    merchant_id: z.optional(z.string()),
    status_seq: z.string().check(z.describe('Increases with every status change: ignore a lower one')),
    updated_at: z.string().check(z.describe('When the status changed')),
    notified_at: z.string().check(z.describe('When this attempt was sent')),
  })
  .check(z.meta({ id: 'CallbackBody' }));

/** A status change of an order, the first being its creation (cause `created`, from null). */
export const OrderEventSchema = z.object({
  seq: z.number(),
  from_status: z.nullable(z.string()),
  to_status: z.string(),
  cause: z.string().check(z.describe('created, utr_claim, bank_credit, operator, expiry, channel, ...')),
  detail: z.string(),
  at: z.string(),
});

/** GET /operator/api/orders/{payment_uid}: the order, its status history and its UTR claims. */
export const OrderDetailSchema = z
  .extend(QueryViewSchema, {
    history: z.array(OrderEventSchema),
    utr_claims: z.array(z.object({ utr: z.string(), claimed_at: z.string() })),
  })
  .check(z.meta({ id: 'OrderDetail' }));
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
export type QueryView = z.infer<typeof QueryViewSchema>;
