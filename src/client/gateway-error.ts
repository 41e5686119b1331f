/** An error answer of the service: `{"result":"error","data":{"error","details","request_id"}}`. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The stable code to act on (`duplicate_order`, `insufficient_balance`, ...). */
    readonly code: string,
    /** A sentence for people, naming the field or header concerned. */
    readonly details: string,
    /** Quote it when asking the operator about the request. */
    readonly requestId: string,
  ) {
    super(`${code}: ${details}`);
  }
}
