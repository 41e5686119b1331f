/**
 * Payout batches for bank files (docs/payouts.md): each action opens its transaction here, runs
 * its command, and writes its audit row in the same transaction. The approval's second-operator
 * rule is second-operator.ts's.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { formatAmount } from '../../shared/money.js';
import type { AppDeps } from '../app-deps.js';
import { writeAudit } from '../audit/audit-store.js';
import {
  batchPayouts,
  type PayoutOrder,
  payoutsNeedingAttention,
  waitingForBatch,
} from '../channel/payout-store.js';
import { AppError, notFound } from '../errors.js';
import { success } from '../http/envelope.js';
import type { OperatorEnv } from '../http/operator-env.js';
import type { Queryable } from '../store/db.js';
import type { PayoutFileBatch } from './bank-files/payout-file.js';
import { writePayoutFile } from './bank-files/payout-file-layouts.js';
import type { PayoutBatch } from './payout-batch.js';
import {
  APPROVE_PAYOUT_BATCH,
  LIST_PAYOUT_BATCHES,
  MARK_PAYOUT_BATCH_UPLOADED,
  PAYOUT_BATCH_FILE,
  PAYOUTS_ATTENTION,
  PREPARE_PAYOUT_BATCH,
  SHOW_PAYOUT_BATCH,
} from './payout-batch-api.js';
import { findBatch, listBatches, lockBatch, markBatchApproved } from './payout-batch-store.js';
import { attentionView, batchView, layoutsView, lineView } from './payout-batch-views.js';
import { prepareBatch } from './prepare-batch.js';
import { requireSecondOperator } from './second-operator.js';
import { uploadBatch } from './upload-batch.js';

const REVERSALS_LISTED_MS = 30 * 86_400_000;

export function payoutBatchRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db, clock } = deps;

  const detail = async (tx: Queryable, batch: PayoutBatch) => ({
    ...batchView(batch),
    lines: (await batchPayouts(tx, batch.id)).map(lineView),
    layouts: layoutsView(),
  });
  const locked = async (tx: Queryable, id: string) => {
    const batch = await lockBatch(tx, id);
    if (!batch) throw notFound('batch_id: no such payout batch');
    return batch;
  };
  const audit = (
    tx: Queryable,
    actor: string,
    action: string,
    batch: PayoutBatch,
    after: unknown,
    note: string,
  ) =>
    writeAudit(
      tx,
      {
        actor,
        action: `payout_batch.${action}`,
        subject: `payout_batch:${batch.id}`,
        before: { state: batch.state },
        after,
        note,
      },
      clock.now(),
    );

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
    const actor = c.var.operatorName;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const prepared = await prepareBatch(
        tx,
        { account: input.account, ifsc: input.ifsc, mode: input.mode, limit: input.limit, preparedBy: actor },
        now,
      );
      if (prepared.kind !== 'prepared') return prepared;
      const batch = await detail(tx, prepared.batch);
      await writeAudit(
        tx,
        {
          actor,
          action: 'payout_batch.prepare',
          subject: `payout_batch:${prepared.batch.id}`,
          after: {
            state: 'prepared',
            account: input.account,
            ifsc: input.ifsc,
            mode: input.mode,
            lines: batch.lines.map((line) => ({
              reference: line.reference,
              payment_uid: line.payment_uid,
              amount: line.amount,
            })),
            total: batch.total,
            skipped: prepared.skipped,
          },
          note: input.note ?? '',
        },
        now,
      );
      return { kind: 'prepared' as const, batch, skipped: prepared.skipped };
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
    return success(c, await detail(db, batch));
  });

  APPROVE_PAYOUT_BATCH.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const actor = c.var.operatorName;
    const approved = await db.transaction(async (tx) => {
      const batch = await locked(tx, c.req.valid('param').batch_id);
      if (batch.state !== 'prepared')
        throw new AppError(ERROR_CODES.invalidTransition, `batch: already ${batch.state}`);
      requireSecondOperator(batch.prepared_by, actor, `batch ${batch.id}`);
      const after = await markBatchApproved(tx, batch.id, actor, clock.now());
      await audit(tx, actor, 'approve', batch, { state: after.state, prepared_by: batch.prepared_by }, note);
      return after;
    });
    deps.log.info('payout batch approved', { batch_id: approved.id });
    return success(c, batchView(approved));
  });

  PAYOUT_BATCH_FILE.register(app, async (c) => {
    const actor = c.var.operatorName;
    const { layout, ...options } = c.req.valid('query');
    const file = await db.transaction(async (tx) => {
      const batch = await locked(tx, c.req.valid('param').batch_id);
      if (batch.state === 'prepared')
        throw new AppError(
          ERROR_CODES.invalidTransition,
          'batch: not approved yet (a second operator approves it first)',
        );
      const lines = await batchPayouts(tx, batch.id);
      // Before upload, every line must still be waiting to be sent: a payout failed by hand since
      // (its hold released) must never reach the bank in this file.
      const released =
        batch.state === 'approved' ? lines.filter((line) => line.payment_status !== 'preparing') : [];
      if (released.length > 0)
        throw new AppError(
          ERROR_CODES.invalidTransition,
          `batch: ${released.map((line) => `${line.payout.reference} is ${line.payment_status}`).join(', ')} since it was prepared; prepare a new batch`,
        );
      const written = writePayoutFile(layout, fileBatch(batch, lines), options);
      if (!written.ok) throw new AppError(ERROR_CODES.invalidField, written.error);
      const digest = createHash('sha256').update(written.file.body).digest('hex');
      await audit(
        tx,
        actor,
        'download',
        batch,
        { state: batch.state, layout, filename: written.file.filename, sha256: digest },
        '',
      );
      return written.file;
    });
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  MARK_PAYOUT_BATCH_UPLOADED.register(app, async (c) => {
    const { note } = c.req.valid('json');
    const actor = c.var.operatorName;
    const uploaded = await db.transaction(async (tx) => {
      const batch = await locked(tx, c.req.valid('param').batch_id);
      if (batch.state !== 'approved')
        throw new AppError(
          ERROR_CODES.invalidTransition,
          batch.state === 'prepared' ? 'batch: not approved yet' : 'batch: already uploaded',
        );
      const after = await uploadBatch(tx, batch, actor, clock.now());
      await audit(tx, actor, 'uploaded', batch, { state: after.state }, note);
      return after;
    });
    deps.log.info('payout batch uploaded', { batch_id: uploaded.id });
    return success(c, batchView(uploaded));
  });

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

/** The batch as its file sees it: lines in order, from the orders as accepted. */
function fileBatch(batch: PayoutBatch, lines: readonly PayoutOrder[]): PayoutFileBatch {
  return {
    id: batch.id,
    seq: batch.seq,
    mode: batch.mode,
    debitAccount: batch.account,
    debitIfsc: batch.ifsc,
    preparedAt: batch.prepared_at,
    lines: lines.map((line) => ({
      reference: line.payout.reference,
      beneficiaryAccount: line.to_account,
      ifsc: line.to_bank_name,
      beneficiaryName: line.to_name,
      amount: line.amount,
      narration: `Payout ${line.merchant_order_id}`,
    })),
  };
}
