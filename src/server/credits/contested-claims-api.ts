/**
 * Contested claims (docs/money-controls.md, "Contested claims"): the list, and an operator's
 * resolution naming the order that keeps the UTR, as their operator routes describe themselves.
 */
import { z } from 'zod';
import { ClaimResolvedSchema, ContestedCaseSchema } from '../../shared/contested-views.js';
import { limitField, utrField } from '../http/request-fields.js';
import { ok, okOrProposed, operatorApi } from '../http/route-group.js';

const note = z.string().trim().min(1, 'required: say why').max(500);

export const ResolveClaimSchema = z
  .object({ payment_uid: z.string().min(1).max(64).describe('The order that keeps the UTR'), note })
  .meta({ id: 'ResolveClaim' });

export const LIST_CONTESTED_CLAIMS = operatorApi.get('/credits/contested', 'listContestedClaims', {
  summary: 'UTRs several orders claim, newest case first, each with its credit and every claim side by side',
  description:
    'A second order of the same merchant and amount that claims a UTR an open order holds contests it: neither ' +
    'completes and the credit waits until an operator resolves the case. A UTR claimed after its credit completed ' +
    'an order is refused, and the completed order listed here with the refused claim.',
  query: z.object({ limit: limitField(200, 50) }),
  answers: ok('The cases', z.array(ContestedCaseSchema)),
});

export const RESOLVE_CONTESTED_CLAIM = operatorApi.post(
  '/credits/contested/:utr/resolve',
  'resolveContestedClaim',
  {
    params: z.object({ utr: utrField.describe('The contested UTR') }),
    summary:
      'Resolve a contested UTR: the named order keeps it, the other claims are released (note required; audited)',
    description:
      "The UTR's credit, if it arrived, settles the named order as any credit would (the exact amount completes it). " +
      'A money action: under dual control it is a proposal a second operator approves.',
    body: ResolveClaimSchema,
    bodyExample: { payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', note: 'payer sent the bank receipt' },
    answers: okOrProposed('Resolved', ClaimResolvedSchema),
    errors: [400],
  },
);
