/**
 * The merchant API's shapes as this client types them, with the field lists of the OpenAPI
 * component schemas they follow (`OPENAPI_FIELDS`). The compiler ties each interface to its list
 * (below), and test/client/ ties each list to the service's /openapi.json, so the types cannot drift
 * from the routes unnoticed.
 */

export type TransactionType = 'income' | 'expense';
/** docs/merchant-api.md, States: completed, reject and refund are final. */
export type PaymentStatus =
  | 'pending'
  | 'preparing'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'reject'
  | 'refund'
  | 'overdue';

/** POST /gateway/api/order/new. Amounts are decimal strings ("19.99"), never numbers. */
export interface CreateOrderRequest extends Partial<Parties> {
  readonly transaction_type: TransactionType;
  readonly amount: string;
  readonly merchant_order_id: string;
  readonly merchant_uid: string;
  readonly currency?: string;
  readonly payterm?: 'UPI' | 'IMPS';
  readonly payment?: string;
  readonly country?: string;
  readonly accounting_type?: 'receive' | 'recharge' | 'pay' | 'settle';
  readonly redirect_url?: string;
  readonly notify_url?: string;
  readonly response_type?: string;
  readonly merchant_id?: string;
  readonly order_uid?: string;
  readonly channel?: string;
}

/** Who pays and who is paid: account (UPI address or account number), name and bank. */
export interface Parties {
  readonly from: string;
  readonly from_name: string;
  readonly from_bank_name: string;
  readonly to: string;
  readonly to_name: string;
  readonly to_bank_name: string;
}

export interface PaymentObject extends Parties {
  readonly order_uid: string;
  readonly payment_status: PaymentStatus;
  readonly payment_fail_reason: string;
  readonly final_amount: string;
  readonly currency: 'INR';
  readonly transaction_type: TransactionType;
  readonly payment_uid: string;
  readonly channel: string;
  readonly original_checkout_url: string;
  readonly extra: string;
  readonly is_merge: boolean;
}

export interface CreatedOrder {
  readonly payment: PaymentObject;
  readonly payterm: PaymentObject;
  readonly payment_url: string;
}

/** POST /gateway/api/order/get: every field of the order. */
export interface Order extends Parties {
  readonly amount: string;
  readonly final_amount: string;
  readonly currency: 'INR';
  readonly country: string;
  readonly transaction_type: TransactionType;
  readonly accounting_type: string;
  readonly merchant_order_id: string;
  readonly merchant_uid: string;
  readonly merchant_name: string;
  readonly channel: string;
  readonly payterm: string;
  readonly payment_status: PaymentStatus;
  readonly payment_fail_reason: string;
  readonly payment: string;
  readonly response_type: string;
  readonly ip: string;
  readonly user_agent: string;
  readonly distribute_rules: string;
  readonly payment_uid: string;
  readonly order_uid: string;
  readonly redirect_url: string;
  readonly notify_url: string;
  readonly notify_status: 'none' | 'delivered' | 'completed' | 'failed';
  readonly notify_fail_reason: string;
  readonly accounting_status: string;
  readonly accounting_fail_reason: string;
  readonly signature_key: string;
  readonly serial_number: string;
  /** A completed payout whose money came back: when (ISO 8601), else ''. Its status stays completed. */
  readonly reversed_at: string;
  readonly reversal_reason: string;
  readonly extra: string;
  readonly payment_url: string;
  readonly expires_at: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/**
 * POST /gateway/api/ledger/get_merchant_ledger: `inr` available (what payouts may spend),
 * `inr_held` held for payouts, `inr_pending` collected but known only from a bank text until a
 * statement confirms it or its hold ends, `inr_frozen` contradicted by a statement line.
 */
export interface Balance {
  readonly uid: string;
  readonly merchant_uid: string;
  readonly merchant_name: string;
  readonly inr: string;
  readonly inr_held: string;
  readonly inr_pending: string;
  readonly inr_frozen: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/** The body POSTed to notify_url. Empty fields are left out; every value is a string. */
export interface CallbackBody extends Partial<Parties> {
  readonly merchant_order_id: string;
  readonly merchant_uid: string;
  readonly merchant_name?: string;
  readonly payment_uid: string;
  readonly order_uid?: string;
  readonly transaction_type: TransactionType;
  readonly accounting_type?: string;
  readonly payterm: string;
  readonly payment?: string;
  readonly channel?: string;
  readonly country?: string;
  readonly currency: 'INR';
  readonly amount: string;
  readonly final_amount: string;
  readonly payment_status: PaymentStatus;
  readonly payment_fail_reason?: string;
  readonly accounting_status?: string;
  readonly serial_number?: string;
  readonly reversed_at?: string;
  readonly reversal_reason?: string;
  readonly merchant_id?: string;
  /** Increases with every status change of the order: ignore a callback with a lower one. */
  readonly status_seq: string;
  readonly updated_at: string;
  readonly notified_at: string;
}

/** The fields of `Parties`, which four of the lists below share. */
const PARTY_FIELDS = ['from', 'from_name', 'from_bank_name', 'to', 'to_name', 'to_bank_name'] as const;

/** The OpenAPI component schemas the interfaces above follow: required and optional fields. */
export const OPENAPI_FIELDS = {
  CreateOrderRequest: {
    required: ['transaction_type', 'amount', 'merchant_order_id', 'merchant_uid'],
    optional: [
      'currency',
      'payterm',
      'payment',
      'country',
      'accounting_type',
      'redirect_url',
      'notify_url',
      'response_type',
      ...PARTY_FIELDS,
      'merchant_id',
      'order_uid',
      'channel',
    ],
  },
  CreatedOrder: { required: ['payment', 'payterm', 'payment_url'], optional: [] },
  PaymentObject: {
    required: [
      'order_uid',
      ...PARTY_FIELDS,
      'payment_status',
      'payment_fail_reason',
      'final_amount',
      'currency',
      'transaction_type',
      'payment_uid',
      'channel',
      'original_checkout_url',
      'extra',
      'is_merge',
    ],
    optional: [],
  },
  Order: {
    required: [
      ...PARTY_FIELDS,
      'amount',
      'final_amount',
      'currency',
      'country',
      'transaction_type',
      'accounting_type',
      'merchant_order_id',
      'merchant_uid',
      'merchant_name',
      'channel',
      'payterm',
      'payment_status',
      'payment_fail_reason',
      'payment',
      'response_type',
      'ip',
      'user_agent',
      'distribute_rules',
      'payment_uid',
      'order_uid',
      'redirect_url',
      'notify_url',
      'notify_status',
      'notify_fail_reason',
      'accounting_status',
      'accounting_fail_reason',
      'signature_key',
      'serial_number',
      'reversed_at',
      'reversal_reason',
      'extra',
      'payment_url',
      'expires_at',
      'created_at',
      'updated_at',
    ],
    optional: [],
  },
  Balance: {
    required: [
      'uid',
      'merchant_uid',
      'merchant_name',
      'inr',
      'inr_held',
      'inr_pending',
      'inr_frozen',
      'created_at',
      'updated_at',
    ],
    optional: [],
  },
  CallbackBody: {
    required: [
      'merchant_order_id',
      'merchant_uid',
      'payment_uid',
      'transaction_type',
      'payterm',
      'currency',
      'amount',
      'final_amount',
      'payment_status',
      'status_seq',
      'updated_at',
      'notified_at',
    ],
    optional: [
      'merchant_name',
      'order_uid',
      'accounting_type',
      'payment',
      'channel',
      'country',
      'payment_fail_reason',
      'accounting_status',
      'serial_number',
      'reversed_at',
      'reversal_reason',
      ...PARTY_FIELDS,
      'merchant_id',
    ],
  },
} as const;

// The compiler's half of the check: each interface has exactly the required and optional fields
// of its list. A field added to one and not the other fails `npm run typecheck` here.
type RequiredKeys<T> = { [K in keyof T]-?: Record<string, never> extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Matches<T, N extends keyof typeof OPENAPI_FIELDS> = [
  Same<RequiredKeys<T>, (typeof OPENAPI_FIELDS)[N]['required'][number]>,
  Same<OptionalKeys<T>, (typeof OPENAPI_FIELDS)[N]['optional'][number]>,
];
export type FieldsMatch = [
  Matches<CreateOrderRequest, 'CreateOrderRequest'>,
  Matches<CreatedOrder, 'CreatedOrder'>,
  Matches<PaymentObject, 'PaymentObject'>,
  Matches<Order, 'Order'>,
  Matches<Balance, 'Balance'>,
  Matches<CallbackBody, 'CallbackBody'>,
];
const fieldsMatch: FieldsMatch = [
  [true, true],
  [true, true],
  [true, true],
  [true, true],
  [true, true],
  [true, true],
];
void fieldsMatch;
const partiesMatch: Same<keyof Parties, (typeof PARTY_FIELDS)[number]> = true;
void partiesMatch;
