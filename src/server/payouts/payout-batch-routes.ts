/**
 * Payout batches for bank files (docs/payouts.md): each action is a command of its own
 * (commands/), which opens its transaction and writes its audit row in it. The approval's
 * second-operator rule is second-operator.ts's.
 */
import { Hono } from 'hono';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { payoutsNeedingAttention, waitingForBatch } from '../channel/payout-store.js';
import { notFound } from '../errors.js';
import type { ApiRoute } from '../http/api-route.js';
import { success } from '../http/envelope.js';
import { actingWithNote, type OperatorEnv } from '../http/operator-env.js';
import { batchDetail } from './batch-detail.js';
import { approvePayoutBatch, downloadPayoutFile, markPayoutBatchUploaded } from './commands/batch-actions.js';
import { preparePayoutBatch } from './commands/prepare-payout-batch.js';
import {
  APPROVE_PAYOUT_BATCH,
  LIST_PAYOUT_BATCHES,
  MARK_PAYOUT_BATCH_UPLOADED,
  PAYOUT_BATCH_FILE,
  PAYOUTS_ATTENTION,
  PREPARE_PAYOUT_BATCH,
  SHOW_PAYOUT_BATCH,
} from './payout-batch-api.js';
import { findBatch, listBatches } from './payout-batch-store.js';
import { attentionView, batchView } from './payout-batch-views.js';

const REVERSALS_LISTED_MS = 30 * 86_400_000;

/** A step of a batch (approve, mark uploaded): its command, a log line, the batch as it is after. */
function registerBatchStep<P extends string>(
  app: Hono<OperatorEnv>,
  deps: AppDeps,
  route: ApiRoute<'post', P, typeof APPROVE_PAYOUT_BATCH.body, undefined, typeof APPROVE_PAYOUT_BATCH.params>,
  step: typeof approvePayoutBatch,
  done: string,
): void {
  route.register(app, async (c) => {
    const batch = await step(deps, { batchId: c.req.valid('param').batch_id, ...actingWithNote(c) });
    deps.log.info(`payout batch ${done}`, { batch_id: batch.id });
    return success(c, batchView(batch));
  });
}

export function payoutBatchRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db, clock } = deps;

  LIST_PAYOUT_BATCHES.register(app, async (c) => {
    const { state, limit } = c.req.valid('query');
    const [waiting, batches] = await Promise.all([waitingForBatch(db), listBatches(db, state ?? '', limit)]);
    return success(c, {
      waiting: waiting.map((row) => ({
        ...row,
        total: formatAmount(row.total),
        oldest_at: row.oldest_at.toISOString(),
      })),
      batches: batches.map(batchView),
    });
  });

  PREPARE_PAYOUT_BATCH.register(app, async (c) => {
    const input = c.req.valid('json');
    const result = await preparePayoutBatch(deps, {
      ...input,
      preparedBy: c.var.operatorName,
      note: input.note ?? '',
    });
    if (result.kind !== 'prepared')
      throw notFound(
        `account: no bank-file payouts of ${input.account} (${input.ifsc}) wait for a batch` +
          (result.skipped.length > 0
            ? `; ${result.skipped.length} left out: ${result.skipped[0]?.reason}`
            : ''),
      );
    deps.log.info('payout batch prepared', {
      batch_id: result.batch.batch_id,
      lines: result.batch.line_count,
    });
    return success(c, { batch: result.batch, skipped: result.skipped }, 201);
  });

  SHOW_PAYOUT_BATCH.register(app, async (c) => {
    const batch = await findBatch(db, c.req.valid('param').batch_id);
    if (!batch) throw notFound('batch_id: no such payout batch');
    return success(c, await batchDetail(db, batch));
  });

  registerBatchStep(app, deps, APPROVE_PAYOUT_BATCH, approvePayoutBatch, 'approved');

  PAYOUT_BATCH_FILE.register(app, async (c) => {
    const { layout, ...options } = c.req.valid('query');
    const file = await downloadPayoutFile(deps, {
      batchId: c.req.valid('param').batch_id,
      actor: c.var.operatorName,
      layout,
      options,
    });
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  registerBatchStep(app, deps, MARK_PAYOUT_BATCH_UPLOADED, markPayoutBatchUploaded, 'uploaded');

  PAYOUTS_ATTENTION.register(app, async (c) => {
    const now = clock.now().getTime();
    const rows = await payoutsNeedingAttention(
      db,
      new Date(now - deps.config.payoutDebitOverdueSeconds * 1000),
      new Date(now - REVERSALS_LISTED_MS),
      500,
    );
    return success(c, rows.map(attentionView));
  });

  return app;
}
