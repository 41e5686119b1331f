/**
 * `upi-gateway/client`: the merchant side of this gateway for Node.js, typed and signed
 * (docs/merchant-api.md, Quick start).
 */

export { fromPaise, toPaise } from './amount.js';
export type {
  Balance,
  CallbackBody,
  CreatedOrder,
  CreateOrderRequest,
  Order,
  Parties,
  PaymentObject,
  PaymentStatus,
  TransactionType,
} from './api-types.js';
export { OPENAPI_FIELDS } from './api-types.js';
export { GatewayClient, type GatewayClientOptions, type NewOrder } from './gateway-client.js';
export { GatewayError } from './gateway-error.js';
export { sign, signedString, verifyCallback, verifyReturn, verifySignature } from './signing.js';
