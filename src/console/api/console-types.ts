/** Shapes the operator API answers, as the console reads them. */
export interface SessionInfo {
  readonly signed_in: true;
  readonly operator: string;
  readonly expires_at: string;
  readonly csrf_token: string;
}

export interface TodaySummary {
  readonly since: string;
  readonly orders: readonly { kind: string; status: string; count: number; amount: string }[];
  readonly credits: { readonly received: number; readonly matched: number; readonly waiting: number };
  readonly failing_callbacks: readonly { merchant_uid: string; merchant_name: string; count: number }[];
}

export interface OrderRow {
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly merchant_name: string;
  readonly merchant_order_id: string;
  readonly kind: 'income' | 'expense';
  readonly payterm: string;
  readonly amount: string;
  readonly final_amount: string;
  readonly status: string;
  readonly payer_name: string;
  readonly payee_name: string;
  readonly utr: string | null;
  readonly notify_status: string;
  readonly created_at: string;
}

export interface OrderPage {
  readonly orders: readonly OrderRow[];
  readonly next_cursor: string | null;
}

/** The operator API's order view (GET /operator/api/orders/{uid}), the fields the console uses. */
export interface ConsoleOrder {
  readonly payment_uid: string;
  readonly merchant_uid: string;
  readonly merchant_name?: string;
  readonly merchant_order_id: string;
  readonly transaction_type: 'income' | 'expense';
  readonly payterm?: string;
  readonly amount: string;
  readonly final_amount?: string;
  readonly payment_status: string;
  readonly payment_fail_reason?: string;
  readonly notify_url?: string;
  readonly notify_status?: string;
  readonly from_name?: string;
  readonly to_name?: string;
  readonly to_account?: string;
  readonly serial_number?: string;
  readonly created_at?: string;
}

export type TimelineEntry =
  | { kind: 'created'; at: string; amount: string; payterm: string; client_ip: string; user_agent: string }
  | {
      kind: 'status';
      at: string;
      seq: number;
      from: string | null;
      to: string;
      cause: string;
      detail: string;
    }
  | { kind: 'claim'; at: string; utr: string; client_ip: string }
  | {
      kind: 'credit';
      at: string;
      utr: string;
      amount: string;
      payer_name: string;
      source: string;
      matched: boolean;
    }
  | { kind: 'ledger'; at: string; event: string; entries: readonly { account: string; amount: string }[] }
  | {
      kind: 'callback';
      at: string;
      outbox_id: number;
      payment_status: string;
      state: string;
      attempts: number;
      last_error: string;
    }
  | {
      kind: 'attempt';
      at: string;
      outbox_id: number;
      attempt: number;
      payment_status: string;
      http_status: number | null;
      latency_ms: number;
      response_snippet: string;
      error: string;
    };

export interface Merchant {
  readonly uid: string;
  readonly name: string;
  readonly status: 'active' | 'disabled';
  readonly upi_vpa: string;
  readonly upi_payee_name: string;
  readonly imps_account: string;
  readonly imps_account_name: string;
  readonly imps_ifsc: string;
  readonly imps_bank_name: string;
  readonly upi_min: string;
  readonly upi_max: string;
  readonly imps_min: string;
  readonly imps_max: string;
  readonly embed_origins: readonly string[];
  readonly brand_color: string | null;
  readonly upi_mc?: string;
  readonly upi_purpose?: string;
  readonly support_contact?: string;
  readonly created_at: string;
}

export interface MerchantDetail extends Merchant {
  readonly keys: readonly {
    key: string;
    status: 'active' | 'revoked';
    created_at: string;
    revoked_at: string | null;
  }[];
  readonly balance: { readonly inr: string; readonly inr_held: string };
}

export interface IssuedKey {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
}

export interface LedgerLine {
  readonly id: number;
  readonly account: 'available' | 'held';
  readonly amount: string;
  readonly payment_uid: string;
  readonly event: string;
  readonly created_at: string;
}

/** A row of GET /operator/api/credits?state=…: a bank credit, or an alert text that gave none. */
export interface CreditRow {
  readonly id: string;
  readonly state: 'matched' | 'waiting' | 'conflict' | 'unparsed' | 'ignored';
  readonly created_at: string;
  readonly reason?: string;
  readonly merchant_uid?: string | null;
  // credits
  readonly utr?: string;
  readonly amount?: number | string;
  readonly payee?: string;
  readonly payer_name?: string;
  readonly source?: string;
  readonly payment_uid?: string | null;
  // texts
  readonly body?: string;
  readonly sender?: string;
  readonly channel?: string;
  readonly account?: string;
  readonly received_at?: string;
  /** Texts: what the service's bank-text parser found in the body, null where it found nothing. */
  readonly reading?: TextReading;
}

/** The bank-text parser's partial reading of an alert text (server: credits/text-reading.ts). */
export interface TextReading {
  readonly amount: string | null;
  readonly utr: string | null;
  readonly credited_at: string | null;
  readonly payer_name: string | null;
}

export interface AuditRow {
  readonly id: number;
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly note: string;
}

export interface CreditSource {
  readonly id: string;
  readonly merchant_uid: string;
  readonly account: string;
  readonly kind: 'sms' | 'statement' | 'api';
  readonly name: string;
  readonly status: 'active' | 'revoked';
  readonly created_at: string;
}

export interface CreatedCreditSource extends CreditSource {
  readonly ingest_token?: string;
  readonly sms_url?: string;
  readonly email_url?: string;
}
