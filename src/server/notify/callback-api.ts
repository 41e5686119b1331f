/** The operator's callback routes as they describe themselves (outbox rows, attempts, resend). */
import {
  OrderCallbacksSchema,
  OutboxEntrySchema,
  RecentCallbacksSchema,
} from '../../shared/callback-views.js';
import { stateListQuery } from '../http/request-fields.js';
import { noted, ok, operatorApi } from '../http/route-group.js';
import { OUTBOX_STATES } from './outbox.js';

export const ORDER_CALLBACKS = operatorApi.get('/orders/:payment_uid/callbacks', 'orderCallbacks', {
  summary: "An order's callbacks: its outbox rows and every delivery attempt",
  answers: ok('notify_url, notify_status, outbox and attempts', OrderCallbacksSchema),
});

/** Sending an order's current state again, which the operator and the merchant's portal both may. */
export const resendParts = {
  ...noted,
  summary: "Send the order's current state to its notify_url again",
  answers: ok('The new outbox row', OutboxEntrySchema),
} as const;

export const RESEND_CALLBACK = operatorApi.post('/orders/:payment_uid/callbacks/resend', 'resendCallback', {
  ...resendParts,
  errors: [409],
});

export const RECENT_CALLBACKS = operatorApi.get('/callbacks', 'recentCallbacks', {
  summary: 'Recent outbox rows, for watching delivery',
  query: stateListQuery(OUTBOX_STATES, 'rows'),
  answers: ok('Outbox rows, newest first', RecentCallbacksSchema),
});
