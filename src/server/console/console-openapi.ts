/** The console's session endpoints and the operator endpoints it added, for the OpenAPI document. */

import type { z } from 'zod';
import { UpdateMerchantSchema } from '../operator/merchant-settings.js';
import { CreateOperatorSchema } from '../operator/operators-routes.js';
import { SignInSchema } from './session-routes.js';

type Json = (schema: z.core.$ZodType) => unknown;

export function consoleOpenApiPaths(json: Json, errorResponse: unknown) {
  const operator = [{ operatorToken: [] }, { consoleSession: [] }];
  const read = (summary: string) => ({
    get: { summary, security: operator, responses: { '200': { description: 'OK' }, default: errorResponse } },
  });
  return {
    '/console/api/session': {
      post: {
        summary: 'Console sign-in with an operator token: sets the session cookie; answers the CSRF token',
        requestBody: { required: true, content: json(SignInSchema) },
        responses: { '201': { description: 'Signed in' }, default: errorResponse },
      },
      get: {
        summary: 'The current console session (signed_in false without one)',
        responses: { '200': { description: 'Session' } },
      },
      delete: {
        summary: 'Sign out (X-CSRF-Token required with a session)',
        responses: { '200': { description: 'Signed out' } },
      },
    },
    '/operator/api/operators': {
      post: {
        summary: 'Add a named operator (root only); its token is shown once',
        security: operator,
        requestBody: { required: true, content: json(CreateOperatorSchema) },
        responses: { '201': { description: 'Created' }, default: errorResponse },
      },
      ...read('List named operators'),
    },
    '/operator/api/operators/{name}': {
      delete: {
        summary: "Revoke a named operator's token and end its sessions (root only)",
        security: operator,
        responses: { '200': { description: 'Revoked' }, default: errorResponse },
      },
    },
    '/operator/api/order-search': read(
      'Orders newest first, 1-200 per page: q (payment_uid, merchant_order_id, UTR, payer name prefix or amount), merchant_uid, kind, status (comma-separated), callback=failing, from, to, cursor, limit',
    ),
    '/operator/api/orders/{payment_uid}/timeline': read(
      "An order's timeline: creation, claims, credits, status changes, ledger postings, callbacks and attempts",
    ),
    '/operator/api/summary/today': read("Today's figures since midnight IST"),
    '/operator/api/merchants/{uid}': {
      patch: {
        summary: 'Edit display settings, limits, frame origins and collection accounts',
        security: operator,
        requestBody: { required: true, content: json(UpdateMerchantSchema) },
        responses: { '200': { description: 'Updated' }, default: errorResponse },
      },
    },
    '/operator/api/merchants/{uid}/ledger': read("Recent ledger entries of the merchant's accounts"),
  };
}
