/** The operator API (bearer token), as the operator CLI uses it. */

export interface OperatorAnswer<T> {
  readonly status: number;
  readonly data: T;
}

export interface MerchantCreated {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
  readonly merchant: { readonly uid: string; readonly name: string };
}

export interface CreditOutcome {
  readonly utr: string;
  readonly amount: string;
  readonly outcome: string;
  readonly payment_uid?: string;
  readonly payment_status?: string;
}

export interface CallbackLog {
  readonly notify_status: string;
  readonly outbox: readonly {
    readonly id: number;
    readonly status_seq: number;
    readonly payment_status: string;
    readonly state: string;
    readonly attempts: number;
  }[];
  readonly attempts: readonly {
    readonly outbox_id: number;
    readonly attempt: number;
    readonly payment_status: string;
    readonly http_status: number | null;
    readonly error: string;
    readonly worker: string;
  }[];
}

export class OperatorClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
    /** The UPI address credits are paid to unless they say otherwise: the flow's merchant's. */
    private readonly payee = '',
  ) {}

  via(baseUrl: string): OperatorClient {
    return new OperatorClient(baseUrl, this.token, this.payee);
  }

  /** The same operator, crediting this UPI address by default. */
  paying(payee: string): OperatorClient {
    return new OperatorClient(this.baseUrl, this.token, payee);
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<OperatorAnswer<T>> {
    const response = await fetch(`${this.baseUrl}/operator/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: T };
    return { status: response.status, data: json.data };
  }

  async createMerchant(input: Record<string, unknown>): Promise<MerchantCreated> {
    const answer = await this.request<MerchantCreated>('POST', '/merchants', input);
    if (answer.status !== 201)
      throw new Error(`merchant creation answered ${answer.status}: ${JSON.stringify(answer.data)}`);
    return answer.data;
  }

  /**
   * A bank credit, paid to the flow's merchant's UPI address unless `payee` says otherwise: a
   * credit settles only an order of the account it was paid to, and each flow's merchant has
   * accounts of its own.
   */
  async postCredit(credit: {
    utr: string;
    amount: string;
    payee?: string;
    payer_name?: string;
  }): Promise<CreditOutcome> {
    const answer = await this.request<CreditOutcome>('POST', '/credits', { payee: this.payee, ...credit });
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`credit answered ${answer.status}: ${JSON.stringify(answer.data)}`);
    }
    return answer.data;
  }

  /** A bank statement file imported as the console imports it (docs/credit-sources.md). */
  async importStatement(
    body: string,
    query: string,
  ): Promise<OperatorAnswer<{ results: Record<string, unknown>[] }>> {
    const response = await fetch(`${this.baseUrl}/operator/api/credits/import?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'text/csv' },
      body,
    });
    const json = (await response.json()) as { data: { results: Record<string, unknown>[] } };
    return { status: response.status, data: json.data };
  }

  async callbacks(paymentUid: string): Promise<CallbackLog> {
    const answer = await this.request<CallbackLog>('GET', `/orders/${paymentUid}/callbacks`);
    if (answer.status !== 200) throw new Error(`callbacks answered ${answer.status}`);
    return answer.data;
  }
}
