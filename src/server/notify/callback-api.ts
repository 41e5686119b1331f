/** The operator's callback routes as they describe themselves (outbox rows, attempts, resend). */
import { z } from 'zod';
import { AnyObject, apiRoute } from '../http/api-route.js';

export const ORDER_CALLBACKS = apiRoute({
  id: 'orderCallbacks',
  method: 'get',
  path: '/orders/:payment_uid/callbacks',
  tag: 'operator',
  auth: 'operator',
  summary: "An order's callbacks: its outbox rows and every delivery attempt",
  answers: {
    200: {
      description: 'notify_url, notify_status, outbox and attempts',
      data: z
        .object({ payment_uid: z.string(), outbox: z.array(AnyObject), attempts: z.array(AnyObject) })
        .loose(),
    },
  },
  errors: [404],
});

export const RESEND_CALLBACK = apiRoute({
  id: 'resendCallback',
  method: 'post',
  path: '/orders/:payment_uid/callbacks/resend',
  tag: 'operator',
  auth: 'operator',
  summary: "Send the order's current state to its notify_url again",
  answers: { 200: { description: 'The new outbox row', data: AnyObject } },
  errors: [404, 409],
});

export const RECENT_CALLBACKS = apiRoute({
  id: 'recentCallbacks',
  method: 'get',
  path: '/callbacks',
  tag: 'operator',
  auth: 'operator',
  summary: 'Recent outbox rows, for watching delivery',
  query: { state: 'pending, processing, done or failed', limit: '1-1000, default 100' },
  answers: { 200: { description: 'Outbox rows, newest first', data: z.array(AnyObject) } },
  errors: [],
});
