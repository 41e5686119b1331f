/**
 * The payout batch routes as they describe themselves (docs/payouts.md, Bank files): prepare a
 * batch of one collection account's bank-file payouts, approve it (a second operator), download
 * its file in a bank's layout, mark it uploaded; and the payouts needing attention.
 */
import { z } from 'zod';
import {
  PayoutAttentionListSchema,
  PayoutBatchDetailSchema,
  PayoutBatchListSchema,
  PayoutBatchViewSchema,
  PreparedPayoutBatchSchema,
} from '../../shared/payout-views.js';
import { noteField } from '../audit/audit-log.js';
import { stateListQuery } from '../http/request-fields.js';
import { created, noted, ok, operatorApi } from '../http/route-group.js';
import { PAYOUT_MODES } from './bank-files/payout-file.js';
import { BATCH_STATES } from './payout-batch.js';

export const PrepareBatchSchema = z
  .object({
    account: z.string().regex(/^\d{9,18}$/, 'must be the collection account number, 9-18 digits'),
    ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "must be the collection account's IFSC"),
    mode: z.enum(PAYOUT_MODES).default('IMPS'),
    limit: z.number().int().min(1).max(5000).default(1000),
    note: noteField,
  })
  .strict()
  .meta({ id: 'PreparePayoutBatch' });

const BatchParams = z.object({ batch_id: z.string().max(64).describe('The batch id (PB…)') });
const option = (what: string) => z.string().max(500).optional().describe(what);

export const LIST_PAYOUT_BATCHES = operatorApi.get('/payout-batches', 'listPayoutBatches', {
  summary: 'Payout batches, newest first, and the bank-file payouts waiting for one per account',
  query: stateListQuery(BATCH_STATES, 'batches'),
  answers: ok('Waiting payouts per account, and batches', PayoutBatchListSchema),
});

export const PREPARE_PAYOUT_BATCH = operatorApi.post('/payout-batches', 'preparePayoutBatch', {
  summary: "Prepare a batch of one collection account's waiting bank-file payouts (they go preparing)",
  body: PrepareBatchSchema,
  bodyExample: { account: '50200012345678', ifsc: 'HDFC0001234', mode: 'NEFT', note: 'morning run' },
  answers: created(
    'The batch, its lines, and the waiting payouts left out with why',
    PreparedPayoutBatchSchema,
  ),
  errors: [404],
});

export const SHOW_PAYOUT_BATCH = operatorApi.get('/payout-batches/:batch_id', 'showPayoutBatch', {
  summary: 'A payout batch with its lines and their outcomes',
  params: BatchParams,
  answers: ok('The batch', PayoutBatchDetailSchema),
});

export const APPROVE_PAYOUT_BATCH = operatorApi.post(
  '/payout-batches/:batch_id/approve',
  'approvePayoutBatch',
  {
    summary: 'Approve a prepared batch: another operator than the one who prepared it (403 same_operator)',
    params: BatchParams,
    ...noted,
    answers: ok('The batch, approved', PayoutBatchViewSchema),
    errors: [403, 409],
  },
);

export const PAYOUT_BATCH_FILE = operatorApi.get('/payout-batches/:batch_id/file', 'payoutBatchFile', {
  summary: 'The approved batch as a bank bulk-upload file (the same bytes on every download)',
  description:
    'layout: generic, hdfc-enet or filehdr-neft; each layout reads its own options from the query ' +
    '(generic: columns, delimiter, header; hdfc-enet: client_code; filehdr-neft: corporate_id, email, delimiter).',
  params: BatchParams,
  query: z.object({
    layout: z.string().max(32).default('generic').describe('generic (default), hdfc-enet or filehdr-neft'),
    columns: option('generic: the columns, in order'),
    delimiter: option('generic: comma, pipe, semicolon or tab; filehdr-neft: comma or pipe'),
    header: option('generic: true or false'),
    client_code: option('hdfc-enet: the 4-character client code'),
    corporate_id: option('filehdr-neft: the corporate id'),
    email: option('filehdr-neft: the user e-mail'),
  }),
  answers: {
    200: {
      description: 'The file, as an attachment',
      media: { 'text/csv': { type: 'string' }, 'text/plain': { type: 'string' } },
    },
  },
  errors: [409],
});

export const MARK_PAYOUT_BATCH_UPLOADED = operatorApi.post(
  '/payout-batches/:batch_id/uploaded',
  'markPayoutBatchUploaded',
  {
    summary: "The approved batch's file was uploaded to the bank: its payouts go processing",
    params: BatchParams,
    ...noted,
    answers: ok('The batch, uploaded', PayoutBatchViewSchema),
    errors: [409],
  },
);

export const PAYOUTS_ATTENTION = operatorApi.get('/payouts/attention', 'payoutsNeedingAttention', {
  summary:
    'Payouts to look at: bank-file payouts uploaded PAYOUT_DEBIT_OVERDUE_HOURS ago with no debit yet, and payouts reversed after completing (last 30 days)',
  answers: ok('Oldest first', PayoutAttentionListSchema),
});
