import { z } from 'zod';
import {
  ACCOUNTING_STATUSES,
  ACCOUNTING_TYPES,
  type AccountingStatus,
  type AccountingType,
  NOTIFY_STATUSES,
  type NotifyStatus,
  PAYMENT_STATUSES,
  PAYTERMS,
  type PaymentStatus,
  type Payterm,
  TRANSACTION_TYPES,
  type TransactionType,
} from '../../shared/order-status.js';

/** An order as stored. Money in integer paise. */
export interface Order {
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly merchant_order_id: string;
  readonly request_digest: string;
  readonly transaction_type: TransactionType;
  readonly accounting_type: AccountingType;
  readonly payterm: Payterm;
  readonly payment: string;
  readonly currency: string;
  readonly country: string;
  readonly channel: string;
  readonly amount: number;
  readonly final_amount: number;
  readonly from_account: string;
  readonly from_name: string;
  readonly from_bank_name: string;
  readonly to_account: string;
  readonly to_name: string;
  readonly to_bank_name: string;
  readonly merchant_id: string;
  readonly order_uid: string;
  readonly redirect_url: string;
  readonly notify_url: string;
  readonly response_type: string;
  readonly ip: string;
  readonly user_agent: string;
  readonly signature_key: string;
  readonly extra: string;
  readonly payment_status: Exclude<PaymentStatus, 'none'>;
  readonly payment_fail_reason: string;
  /** Why the order failed, as a stable code for the payer's page ('' when none recorded). */
  readonly fail_code: string;
  readonly notify_status: NotifyStatus;
  readonly notify_fail_reason: string;
  readonly accounting_status: AccountingStatus;
  readonly accounting_fail_reason: string;
  readonly matched_utr: string | null;
  /** A completed payout whose money came back afterwards (docs/decisions/0024-payout-provider.md). */
  readonly reversed_at: Date | null;
  readonly reversal_reason: string;
  readonly status_seq: number;
  /** The version of the payer view: grows with every status change and UTR claim added or released. */
  readonly view_seq: number;
  readonly expires_at: Date | null;
  readonly status_changed_at: Date;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export type NewOrder = Omit<
  Order,
  | 'payment_status'
  | 'payment_fail_reason'
  | 'fail_code'
  | 'notify_status'
  | 'notify_fail_reason'
  | 'accounting_status'
  | 'accounting_fail_reason'
  | 'matched_utr'
  | 'reversed_at'
  | 'reversal_reason'
  | 'status_seq'
  | 'view_seq'
  | 'status_changed_at'
  | 'updated_at'
> & { readonly payment_status: 'pending' };

const STORED_STATUSES = PAYMENT_STATUSES.filter(
  (status): status is Exclude<PaymentStatus, 'none'> => status !== 'none',
);

/** An orders row as the store returns it, checked at the boundary (store/rows.ts). */
export const OrderRow = z.looseObject({
  payment_uid: z.string(),
  merchant_uid: z.string(),
  merchant_order_id: z.string(),
  request_digest: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  accounting_type: z.enum(ACCOUNTING_TYPES),
  payterm: z.enum(PAYTERMS),
  payment: z.string(),
  currency: z.string(),
  country: z.string(),
  channel: z.string(),
  amount: z.number().int(),
  final_amount: z.number().int(),
  from_account: z.string(),
  from_name: z.string(),
  from_bank_name: z.string(),
  to_account: z.string(),
  to_name: z.string(),
  to_bank_name: z.string(),
  merchant_id: z.string(),
  order_uid: z.string(),
  redirect_url: z.string(),
  notify_url: z.string(),
  response_type: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  signature_key: z.string(),
  extra: z.string(),
  payment_status: z.enum(STORED_STATUSES),
  payment_fail_reason: z.string(),
  fail_code: z.string(),
  notify_status: z.enum(NOTIFY_STATUSES),
  notify_fail_reason: z.string(),
  accounting_status: z.enum(ACCOUNTING_STATUSES),
  accounting_fail_reason: z.string(),
  matched_utr: z.string().nullable(),
  reversed_at: z.date().nullable(),
  reversal_reason: z.string(),
  status_seq: z.number().int(),
  view_seq: z.number().int(),
  expires_at: z.date().nullable(),
  status_changed_at: z.date(),
  created_at: z.date(),
  updated_at: z.date(),
}) satisfies z.ZodType<Order>;
