/**
 * The shapes of order-views.ts as zod schemas, for the OpenAPI document: the payment object of
 * the creation answer, the query answer and the callback body. A test parses real answers and a
 * real callback with them (strict), so they cannot drift from the code.
 */
import { z } from 'zod';

const amount = z.string().describe('Rupees with two decimals, e.g. 199.00');
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
  .describe(
    'pending, preparing, processing, completed, failed, reject, refund or overdue (docs/merchant-api.md, States)',
  );

export const PaymentObjectSchema = z
  .object({
    order_uid: z.string(),
    ...accountFields,
    payment_status: status,
    payment_fail_reason: z.string(),
    final_amount: amount,
    currency: z.literal('INR'),
    transaction_type: z.enum(['income', 'expense']),
    payment_uid: z.string(),
    channel: z.string(),
    original_checkout_url: z.string(),
    extra: z.string(),
    is_merge: z.boolean(),
  })
  .meta({ id: 'PaymentObject' });

export const CreatedOrderSchema = z
  .object({ payment: PaymentObjectSchema, payterm: PaymentObjectSchema, payment_url: z.string() })
  .meta({ id: 'CreatedOrder' });

export const QueryViewSchema = z
  .object({
    ...accountFields,
    amount,
    final_amount: amount,
    currency: z.literal('INR'),
    country: z.string(),
    transaction_type: z.enum(['income', 'expense']),
    accounting_type: z.string(),
    merchant_order_id: z.string(),
    merchant_uid: z.string(),
    merchant_name: z.string(),
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
    serial_number: z.string().describe("The UTR that settled the order (a payout: the bank's UTR), or empty"),
    reversed_at: z.string().describe('A completed payout whose money came back: when; else empty'),
    reversal_reason: z.string().describe('Why the completed payout was reversed, or empty'),
    extra: z.string(),
    payment_url: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Order' });

export const BalanceSchema = z
  .object({
    uid: z.string(),
    merchant_uid: z.string(),
    merchant_name: z.string(),
    inr: amount.describe('Available balance'),
    inr_held: amount.describe('Held for payouts in flight'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Balance' });

/**
 * The body POSTed to notify_url (signed with OC-Key and OC-Signature over its fields): string
 * values only, empty ones left out.
 */
export const CallbackBodySchema = z
  .object({
    merchant_order_id: z.string(),
    merchant_uid: z.string(),
    merchant_name: z.string().optional(),
    payment_uid: z.string(),
    order_uid: z.string().optional(),
    transaction_type: z.enum(['income', 'expense']),
    accounting_type: z.string().optional(),
    payterm: z.string(),
    payment: z.string().optional(),
    channel: z.string().optional(),
    country: z.string().optional(),
    currency: z.literal('INR'),
    amount,
    final_amount: amount,
    payment_status: status,
    payment_fail_reason: z.string().optional(),
    accounting_status: z.string().optional(),
    serial_number: z
      .string()
      .optional()
      .describe("The UTR that settled the order (a payout: the bank's UTR)"),
    reversed_at: z
      .string()
      .optional()
      .describe('A completed payout whose money came back: when (its status stays completed)'),
    reversal_reason: z.string().optional().describe('Why the completed payout was reversed'),
    from: z.string().optional(),
    from_name: z.string().optional(),
    from_bank_name: z.string().optional(),
    to: z.string().optional(),
    to_name: z.string().optional(),
    to_bank_name: z.string().optional(),
    merchant_id: z.string().optional(),
    status_seq: z.string().describe('Increases with every status change: ignore a lower one'),
    updated_at: z.string().describe('When the status changed'),
    notified_at: z.string().describe('When this attempt was sent'),
  })
  .meta({ id: 'CallbackBody' });
