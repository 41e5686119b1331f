/** The operator's callback routes as they describe themselves (outbox rows, attempts, resend). */
import { z } from 'zod';
import {
  OrderCallbacksSchema,
  OutboxEntrySchema,
  RecentCallbacksSchema,
} from '../../shared/callback-views.js';
import { NoteSchema } from '../audit/audit-log.js';
import { apiRoute } from '../http/api-route.js';
import { readOptionalJson } from '../http/read-body.js';
import { limitField, OrderParams } from '../http/request-fields.js';
import { OUTBOX_STATES } from './outbox.js';

export const ORDER_CALLBACKS = apiRoute({
  id: 'orderCallbacks',
  method: 'get',
  path: '/orders/:payment_uid/callbacks',
  params: OrderParams,
  tag: 'operator',
  auth: 'operator',
  summary: "An order's callbacks: its outbox rows and every delivery attempt",
  answers: {
    200: {
      description: 'notify_url, notify_status, outbox and attempts',
      data: OrderCallbacksSchema,
    },
  },
  errors: [404],
});

export const RESEND_CALLBACK = apiRoute({
  id: 'resendCallback',
  method: 'post',
  path: '/orders/:payment_uid/callbacks/resend',
  params: OrderParams,
  body: NoteSchema,
  read: readOptionalJson,
  tag: 'operator',
  auth: 'operator',
  summary: "Send the order's current state to its notify_url again",
  answers: { 200: { description: 'The new outbox row', data: OutboxEntrySchema } },
  errors: [404, 409],
});

export const RECENT_CALLBACKS = apiRoute({
  id: 'recentCallbacks',
  method: 'get',
  path: '/callbacks',
  tag: 'operator',
  auth: 'operator',
  summary: 'Recent outbox rows, for watching delivery',
  query: z.object({
    state: z.enum(OUTBOX_STATES).optional().describe('Only rows in this state'),
    limit: limitField(1000, 100),
  }),
  answers: { 200: { description: 'Outbox rows, newest first', data: RecentCallbacksSchema } },
  errors: [],
});
