/**
 * The order routes of the operator API as they describe themselves: listing, one order with its
 * history and claims, the status an operator sets, and the claims that lost.
 */
import { z } from 'zod';
import { LostClaimSchema } from '../../shared/credit-views.js';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';
import { OrderDetailSchema, QueryViewSchema } from '../../shared/order-view-schemas.js';
import { noteField } from '../audit/audit-log.js';
import { limitField } from '../http/request-fields.js';
import { ok, okOrProposed, operatorApi } from '../http/route-group.js';

export const SetStatusSchema = z
  .object({
    status: z.enum(['processing', 'completed', 'failed', 'reject', 'refund', 'preparing']),
    reason: z.string().max(500).optional(),
    /** For the audit log; the reason is the note when none is given. */
    note: noteField,
  })
  .meta({ id: 'SetOrderStatus' });

export const LOST_CLAIMS = operatorApi.get('/lost-claims', 'listLostClaims', {
  summary:
    'Claims that lost (a UTR another order holds, a credit paid to another account or of another amount), with both orders',
  query: z.object({
    utr: z.string().optional().describe('Only this UTR'),
    payment_uid: z.string().optional().describe('Only claims of this order (lost or winning)'),
    limit: limitField(1000, 100),
  }),
  answers: ok('Lost claims, most recent first', z.array(LostClaimSchema)),
});

export const LIST_ORDERS = operatorApi.get('/orders', 'listOrders', {
  summary: 'Recent orders, newest first',
  query: z.object({
    merchant_uid: z.string().optional().describe('Only this merchant'),
    status: z.enum(PAYMENT_STATUSES).optional().describe('Only this payment_status'),
    limit: limitField(1000, 100),
  }),
  answers: ok('Orders', z.array(QueryViewSchema)),
});

export const SHOW_ORDER = operatorApi.get('/orders/:payment_uid', 'showOrder', {
  summary: 'An order with its status history and UTR claims',
  answers: ok('The order, history and utr_claims', OrderDetailSchema),
});

export const SET_ORDER_STATUS = operatorApi.post('/orders/:payment_uid/status', 'setOrderStatus', {
  summary: "Set a payout's outcome or refund a collection",
  body: SetStatusSchema,
  bodyExample: { status: 'completed' },
  answers: okOrProposed('Changed: the order', QueryViewSchema),
  errors: [409],
});
