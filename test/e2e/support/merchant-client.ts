/**
 * The merchant's server, as merchants write it: signed JSON requests to the gateway API, with its
 * own HMAC code (nothing imported from the service), so the suite checks the wire contract.
 */
import { createHmac, randomInt } from 'node:crypto';

export interface MerchantCredentials {
  readonly merchantUid: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: { readonly result: 'success' | 'error'; readonly data: T };
}

export type Fields = Readonly<Record<string, string>>;

/** HMAC-SHA256 hex over the fields sorted by name and joined as `name=value` with `&`. */
export function signFields(secret: string, fields: Fields, skipEmpty: boolean): string {
  const text = Object.keys(fields)
    .sort()
    .filter((name) => !skipEmpty || fields[name] !== '')
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export class MerchantClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: MerchantCredentials,
  ) {}

  /** The same merchant talking to another service process. */
  via(baseUrl: string): MerchantClient {
    return new MerchantClient(baseUrl, this.credentials);
  }

  async post<T = Record<string, unknown>>(path: string, fields: Fields): Promise<ApiAnswer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        'OC-Key': this.credentials.apiKey,
        'OC-Signature': signFields(this.credentials.apiSecret, fields, false),
      },
      body: JSON.stringify(fields),
    });
    return { status: response.status, body: (await response.json()) as ApiAnswer<T>['body'] };
  }

  createOrder(fields: Fields): Promise<ApiAnswer<CreatedOrder>> {
    return this.post<CreatedOrder>('/gateway/api/order/new', {
      currency: 'inr',
      payment: 'india',
      country: 'India',
      response_type: 'json',
      merchant_uid: this.credentials.merchantUid,
      ...fields,
    });
  }

  async queryOrder(merchantOrderId: string): Promise<OrderQuery> {
    const answer = await this.post<OrderQuery>('/gateway/api/order/get', {
      merchant_order_id: merchantOrderId,
    });
    if (answer.status !== 200)
      throw new Error(`order/get answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  /** The available balance and held funds, in paise. */
  async balance(): Promise<{ available: number; held: number }> {
    const answer = await this.post<{ inr: string; inr_held: string }>(
      '/gateway/api/ledger/get_merchant_ledger',
      {
        merchant_uid: this.credentials.merchantUid,
      },
    );
    if (answer.status !== 200)
      throw new Error(`ledger answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return { available: paise(answer.body.data.inr), held: paise(answer.body.data.inr_held) };
  }
}

export interface CreatedOrder {
  readonly payment: {
    readonly payment_uid: string;
    readonly payment_status: string;
    readonly payment_fail_reason: string;
    readonly extra: string;
  };
  readonly payterm: unknown;
  readonly payment_url: string;
  readonly error?: string;
  readonly details?: string;
}

export interface OrderQuery {
  readonly payment_uid: string;
  readonly merchant_order_id: string;
  readonly amount: string;
  readonly payment_status: string;
  readonly payment_fail_reason: string;
  readonly notify_status: string;
  readonly accounting_status: string;
  readonly serial_number: string;
  readonly extra: string;
}

/** "1234.50" -> 123450, without floating point. */
export function paise(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

let counter = 0;
/** A merchant order id unique within and across runs. */
export function newOrderId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

let utrCounter = 0;
/**
 * Each test file runs in its own process with its own counter, and files share a service and its
 * store: a random base per process keeps their UTRs apart (the time of day did not: two files
 * whose first UTR fell on the same millisecond of a second claimed the same UTR).
 */
const utrBase = randomInt(100_000_000);

export function newUtr(): string {
  utrCounter += 1;
  // Numbered as banks do (year digit and day of the year, Indian time), so the page takes it
  // without its "please check this number" question; then eight digits unique in the run.
  const ist = new Date(Date.now() + 330 * 60_000);
  const day = Math.floor((ist.getTime() - Date.UTC(ist.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  const head = `${ist.getUTCFullYear() % 10}${String(day).padStart(3, '0')}`;
  return `${head}${String((utrBase + utrCounter) % 100_000_000).padStart(8, '0')}`;
}
