/**
 * The operator API for credit sources, alert texts, credits by state and manual actions, mounted
 * under /operator/api behind the operator's authentication. Every manual action is written to
 * the audit log under the acting operator's name (`c.var.operatorName`).
 */

import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { listAudit } from '../audit/audit-store.js';
import { invalidField, notFound } from '../errors.js';
import { actingWithNote, type OperatorEnv } from '../http/operator-env.js';
import type { Propose } from '../http/propose.js';
import { createCreditSource } from './commands/create-credit-source.js';
import { dismissText } from './commands/dismiss-text.js';
import { fixText } from './commands/fix-text.js';
import { importStatement } from './commands/import-statement.js';
import { replayText } from './commands/ingest-text.js';
import { matchCredit } from './commands/match-credit.js';
import { revokeCreditSource } from './commands/revoke-credit-source.js';
import { updateSourceSenders } from './commands/update-credit-source.js';
import {
  CREATE_CREDIT_SOURCE,
  DISMISS_TEXT,
  FIX_TEXT,
  IMPORT_STATEMENT,
  LIST_AUDIT,
  LIST_CREDIT_SOURCES,
  LIST_CREDITS,
  MATCH_CREDIT,
  REPLAY_TEXT,
  REVOKE_CREDIT_SOURCE,
  UPDATE_CREDIT_SOURCE,
} from './credit-api.js';
import { cursorExists, listCreditsAndTexts } from './credit-list.js';
import { findCreditSource, watchedCreditSources } from './credit-source-store.js';
import { unwrap } from './manual-result.js';
import { FIELDS } from './statements/csv-profiles.js';
import { readStatement } from './statements/read-statement.js';

const ok = <T>(data: T) => ({ result: 'success' as const, data });

export function creditRoutes(deps: AppDeps, propose: Propose): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db, clock } = deps;

  CREATE_CREDIT_SOURCE.register(app, async (c) => {
    const input = c.req.valid('json');
    const created = await createCreditSource(deps, {
      merchantUid: input.merchant_uid,
      account: input.account,
      kind: input.kind,
      name: input.name,
      actor: c.var.operatorName,
    });
    if (created.kind === 'no_merchant') throw notFound('merchant_uid: no such merchant');
    if (created.kind === 'not_collection_account') {
      throw invalidField(
        'account',
        "must be one of the merchant's collection accounts (its UPI VPA or IMPS account)",
      );
    }
    const base = new URL(deps.config.publicBaseUrl);
    const token = created.ingestToken;
    return c.json(
      ok({
        source_id: created.source.id,
        ...created.source,
        ...(token && created.source.kind === 'api'
          ? { ingest_token: token, credits_url: new URL('/ingest/credits', base).toString() }
          : token
            ? {
                ingest_token: token,
                sms_url: new URL(`/ingest/sms/${token}`, base).toString(),
                email_url: new URL(`/ingest/email/${token}`, base).toString(),
              }
            : {}),
      }),
      201,
    );
  });

  LIST_CREDIT_SOURCES.register(app, async (c) => {
    const now = clock.now();
    const sources = await watchedCreditSources(
      db,
      c.req.valid('query').merchant_uid ?? '',
      now,
      new Date(now.getTime() - deps.config.sourceSilenceSeconds * 1000),
    );
    // The watch's own mark stays inside (credits/commands/watch-sources.ts).
    return c.json(ok(sources.map(({ silent_since: _mark, ...source }) => source)));
  });

  REVOKE_CREDIT_SOURCE.register(app, async (c) => {
    const revoked = await revokeCreditSource(deps, {
      sourceId: c.req.valid('param').source_id,
      actor: c.var.operatorName,
    });
    if (!revoked) throw notFound('source_id: no such credit source');
    return c.json(ok(revoked));
  });

  UPDATE_CREDIT_SOURCE.register(app, async (c) => {
    const updated = await updateSourceSenders(deps, {
      sourceId: c.req.valid('param').source_id,
      actor: c.var.operatorName,
      ...c.req.valid('json'),
    });
    if (!updated) throw notFound('source_id: no such credit source');
    return c.json(ok(updated));
  });

  REPLAY_TEXT.register(app, async (c) => {
    const input = c.req.valid('json');
    const source = await findCreditSource(db, input.source_id);
    if (source?.status !== 'active') throw notFound('source_id: no such active credit source');
    if (deps.config.dualControl) {
      const payload = {
        source_id: source.id,
        text: input.text,
        sender: input.sender ?? '',
        received_at: input.received_at ?? null,
      };
      return propose(c, 'text.replay', payload, '');
    }
    const result = await replayText(deps, {
      source,
      channel: 'operator',
      text: input.text,
      sender: input.sender ?? '',
      receivedAt: input.received_at ? new Date(input.received_at) : undefined,
      actor: c.var.operatorName,
    });
    return c.json(
      ok({
        text_id: String(result.rawTextId),
        outcome: result.outcome,
        reason: result.reason,
        credit: result.credit ?? null,
      }),
      result.outcome === 'credit' ? 201 : 200,
    );
  });

  LIST_CREDITS.register(app, async (c) => {
    const { states, filter } = c.req.valid('query');
    if (filter.before && !(await cursorExists(db, filter.before))) {
      throw invalidField('before', 'no such row: pass the cursor of the last row of the previous page');
    }
    return c.json(ok(await listCreditsAndTexts(db, states, filter)));
  });

  DISMISS_TEXT.register(app, async (c) => {
    const result = await dismissText(deps, { rawTextId: c.req.valid('param').text_id, ...actingWithNote(c) });
    return c.json(ok(unwrap(result)));
  });

  FIX_TEXT.register(app, async (c) => {
    const input = c.req.valid('json');
    const textId = c.req.valid('param').text_id;
    if (deps.config.dualControl) {
      const payload = {
        text_id: textId,
        utr: input.utr,
        amount: input.amount,
        payer_name: input.payer_name ?? '',
        credited_at: input.credited_at ?? null,
      };
      return propose(c, 'text.fix', payload, input.note);
    }
    const result = await fixText(deps, {
      rawTextId: textId,
      utr: input.utr,
      amount: input.amount,
      payerName: input.payer_name ?? '',
      creditedAt: input.credited_at ? new Date(input.credited_at) : undefined,
      note: input.note,
      actor: c.var.operatorName,
    });
    return c.json(ok(unwrap(result)));
  });

  MATCH_CREDIT.register(app, async (c) => {
    const input = c.req.valid('json');
    const creditId = c.req.valid('param').credit_id;
    if (deps.config.dualControl) {
      return propose(c, 'credit.match', { credit_id: creditId, payment_uid: input.payment_uid }, input.note);
    }
    const result = await matchCredit(deps, {
      creditId,
      paymentUid: input.payment_uid,
      note: input.note,
      actor: c.var.operatorName,
    });
    return c.json(ok(unwrap(result)));
  });

  IMPORT_STATEMENT.register(app, async (c) => {
    const query = c.req.valid('query');
    const sourceId = query.source_id;
    const source = sourceId ? await findCreditSource(db, sourceId) : undefined;
    if (sourceId && source?.status !== 'active') throw notFound('source_id: no such active credit source');
    const columns = Object.fromEntries(
      FIELDS.flatMap((field) => {
        const header = query[`column.${field}`];
        return header ? [[field, header]] : [];
      }),
    );
    const body = await c.req.text();
    if (body.trim() === '') throw invalidField('body', 'an empty statement');
    const read = readStatement(body, { format: query.format, profile: query.profile, columns }, clock.now());
    if (!read.ok) throw invalidField('statement', read.error);
    if (deps.config.dualControl) {
      const payload = {
        source_id: source?.id ?? null,
        format: read.format,
        profile: read.profile ?? null,
        lines: read.lines,
      };
      return propose(c, 'statement.import', payload, '');
    }
    const { results, summary } = await importStatement(deps, {
      lines: read.lines,
      source,
      format: read.format,
      profile: read.profile,
      actor: c.var.operatorName,
    });
    return c.json(
      ok({ format: read.format, profile: read.profile, lines: results.length, summary, results }),
    );
  });

  LIST_AUDIT.register(app, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      ok(
        await listAudit(db, {
          action: query.action ?? '',
          subject: query.subject ?? '',
          actor: query.actor ?? '',
          beforeId: query.before,
          limit: query.limit,
        }),
      ),
    );
  });

  return app;
}
