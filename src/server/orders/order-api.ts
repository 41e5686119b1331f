/**
 * The order routes of the operator API as they describe themselves: listing, one order with its
 * history and claims, the status an operator sets, and the claims that lost.
 */
import { z } from 'zod';
import { PROPOSED } from '../../shared/approval-views.js';
import { LostClaimSchema } from '../../shared/credit-views.js';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';
import { OrderDetailSchema, QueryViewSchema } from '../../shared/order-view-schemas.js';
import { noteField } from '../audit/audit-log.js';
import { apiRoute } from '../http/api-route.js';
import { limitField, OrderParams } from '../http/request-fields.js';

export const SetStatusSchema = z
  .object({
    status: z.enum(['processing', 'completed', 'failed', 'reject', 'refund', 'preparing']),
    reason: z.string().max(500).optional(),
    /** For the audit log; the reason is the note when none is given. */
    note: noteField,
  })
  .meta({ id: 'SetOrderStatus' });

export const LOST_CLAIMS = apiRoute({
  id: 'listLostClaims',
  method: 'get',
  path: '/lost-claims',
  tag: 'operator',
  auth: 'operator',
  summary:
    'Claims that lost (a UTR another order holds, a credit paid to another account or of another amount), with both orders',
  query: z.object({
    utr: z.string().optional().describe('Only this UTR'),
    payment_uid: z.string().optional().describe('Only claims of this order (lost or winning)'),
    limit: limitField(1000, 100),
  }),
  answers: { 200: { description: 'Lost claims, most recent first', data: z.array(LostClaimSchema) } },
  errors: [],
});

export const LIST_ORDERS = apiRoute({
  id: 'listOrders',
  method: 'get',
  path: '/orders',
  tag: 'operator',
  auth: 'operator',
  summary: 'Recent orders, newest first',
  query: z.object({
    merchant_uid: z.string().optional().describe('Only this merchant'),
    status: z.enum(PAYMENT_STATUSES).optional().describe('Only this payment_status'),
    limit: limitField(1000, 100),
  }),
  answers: { 200: { description: 'Orders', data: z.array(QueryViewSchema) } },
  errors: [],
});

export const SHOW_ORDER = apiRoute({
  id: 'showOrder',
  method: 'get',
  path: '/orders/:payment_uid',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'An order with its status history and UTR claims',
  answers: { 200: { description: 'The order, history and utr_claims', data: OrderDetailSchema } },
  errors: [404],
});

export const SET_ORDER_STATUS = apiRoute({
  id: 'setOrderStatus',
  method: 'post',
  path: '/orders/:payment_uid/status',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary: "Set a payout's outcome or refund a collection",
  body: SetStatusSchema,
  bodyExample: { status: 'completed' },
  answers: {
    202: PROPOSED,
    200: { description: 'Changed: the order', data: QueryViewSchema },
  },
  errors: [404, 409],
});
