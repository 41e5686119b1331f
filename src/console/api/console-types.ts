/**
 * Shapes the operator API answers, as the console reads them, for the answers it does not parse.
 * The Today figures, the order search, the timeline, merchants and ledger lines are schemas in
 * shared/console-views.ts, which type the service's answers too.
 */
export interface SessionInfo {
  readonly signed_in: true;
  readonly operator: string;
  readonly expires_at: string;
  readonly csrf_token: string;
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

export interface IssuedKey {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
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
