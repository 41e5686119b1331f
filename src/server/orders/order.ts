import type {
  AccountingStatus,
  AccountingType,
  NotifyStatus,
  PaymentStatus,
  Payterm,
  TransactionType,
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
  readonly status_seq: number;
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
  | 'status_seq'
  | 'status_changed_at'
  | 'updated_at'
> & { readonly payment_status: 'pending' };
