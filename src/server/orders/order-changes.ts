/**
 * The announcement that an order's payer view changed: a status change, or a UTR claim added or
 * released. The store sends it itself (triggers of migration 4, which also grow the order's
 * view_seq), in the writer's transaction, so every process hears it at commit and only then, and
 * no writer can forget it. The payload is the order's payment_uid.
 */
export const ORDER_CHANGES_CHANNEL = 'order_changes';
