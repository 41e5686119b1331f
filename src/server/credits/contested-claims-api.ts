/**
 * Contested claims (docs/money-controls.md, "Contested claims"): the list, and an operator's
 * resolution naming the order that keeps the UTR, as their operator routes describe themselves.
 */
import { z } from 'zod';
import { PROPOSED } from '../../shared/approval-views.js';
import { ClaimResolvedSchema, ContestedCaseSchema } from '../../shared/contested-views.js';
import { apiRoute } from '../http/api-route.js';
import { limitField, utrField } from '../http/request-fields.js';

const note = z.string().trim().min(1, 'required: say why').max(500);

export const ResolveClaimSchema = z
  .object({ payment_uid: z.string().min(1).max(64).describe('The order that keeps the UTR'), note })
  .meta({ id: 'ResolveClaim' });

export const LIST_CONTESTED_CLAIMS = apiRoute({
  id: 'listContestedClaims',
  method: 'get',
  path: '/credits/contested',
  tag: 'operator',
  auth: 'operator',
  summary: 'UTRs several orders claim, newest case first, each with its credit and every claim side by side',
  description:
    'A second order of the same merchant and amount that claims a UTR an open order holds contests it: neither ' +
    'completes and the credit waits until an operator resolves the case. A UTR claimed after its credit completed ' +
    'an order is refused, and the completed order listed here with the refused claim.',
  query: z.object({ limit: limitField(200, 50) }),
  answers: { 200: { description: 'The cases', data: z.array(ContestedCaseSchema) } },
  errors: [],
});

export const RESOLVE_CONTESTED_CLAIM = apiRoute({
  id: 'resolveContestedClaim',
  method: 'post',
  path: '/credits/contested/:utr/resolve',
  params: z.object({ utr: utrField.describe('The contested UTR') }),
  tag: 'operator',
  auth: 'operator',
  summary:
    'Resolve a contested UTR: the named order keeps it, the other claims are released (note required; audited)',
  description:
    "The UTR's credit, if it arrived, settles the named order as any credit would (the exact amount completes it). " +
    'A money action: under dual control it is a proposal a second operator approves.',
  body: ResolveClaimSchema,
  bodyExample: { payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', note: 'payer sent the bank receipt' },
  answers: {
    202: PROPOSED,
    200: { description: 'Resolved', data: ClaimResolvedSchema },
  },
  errors: [400, 404],
});
