/** The RazorpayX webhook's route as it describes itself (docs/payouts.md, RazorpayX). */
import { z } from 'zod';
import { routeGroup } from '../../http/route-group.js';

export const RAZORPAYX_WEBHOOK = routeGroup('ingest', 'public').post(
  '/payouts/razorpayx/webhook',
  'razorpayxWebhook',
  {
    summary: 'A RazorpayX Payouts webhook (payout.* events)',
    description:
      'Signed by RazorpayX: X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body under the webhook ' +
      'secret (RAZORPAYX_WEBHOOK_SECRET). Each X-Razorpay-Event-Id is taken once; events older than 48 hours ' +
      'are refused. Answered 200 once taken (also for a duplicate), so RazorpayX stops retrying.',
    bodyMedia: {
      'application/json': {
        type: 'object',
        description: 'RazorpayX event: entity, event, payload.payout.entity, created_at',
      },
    },
    bodyExample: {
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payout.processed',
      contains: ['payout'],
      payload: {
        payout: {
          entity: {
            id: 'pout_00000000000001',
            entity: 'payout',
            amount: 5000,
            currency: 'INR',
            status: 'processed',
            utr: '632512345678',
            mode: 'IMPS',
            reference_id: '3b2f8c1d-6e4a-4f7b-9a0c-5d1e2f3a4b5c',
          },
        },
      },
      created_at: 1795000000,
    },
    answers: {
      200: {
        description: 'Taken: what it did to the payout',
        data: z.object({
          outcome: z.enum([
            'applied',
            'reversed',
            'unchanged',
            'duplicate',
            'ignored',
            'unknown_payout',
            'amount_mismatch',
          ]),
          payment_uid: z.string().optional(),
          payment_status: z.string().optional(),
        }),
      },
    },
    errors: [404, 429],
  },
);
