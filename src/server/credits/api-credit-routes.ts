/**
 * POST /ingest/credits: a credit source of kind `api` posts its bank's credits with its own token
 * in `Authorization: Bearer`. The token is looked up by its digest (credit-source-store.ts), so the
 * lookup leaks no timing; a token of no active api source is a 401, and nothing is written. A known
 * token is limited in the store's shared buckets, as the alert ingest is.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { success } from '../http/envelope.js';
import { takeOrRefuse } from '../http/rate-limiter.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { receiveApiCredit } from './commands/receive-api-credit.js';
import { INGEST_CREDIT } from './credit-api.js';
import { type CreditSource, findSourceByToken } from './credit-source-store.js';
import { unwrap } from './manual-result.js';
import { postedCredit } from './post-manual-credit.js';

type ApiSourceEnv = { Variables: { source: CreditSource } };

export function apiCreditRoutes(deps: AppDeps, limit: RateLimit): Hono<ApiSourceEnv> {
  const app = new Hono<ApiSourceEnv>();
  const limitToken = takeOrRefuse(
    storeRateLimiter(deps.db, 'ingest', limit),
    deps.clock,
    'too many credits for this token; try again shortly',
  );
  const apiSource: MiddlewareHandler<ApiSourceEnv> = async (c, next) => {
    const token = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
    const source = token ? await findSourceByToken(deps.db, token) : undefined;
    if (source?.kind !== 'api') {
      throw new AppError(
        ERROR_CODES.unauthorized,
        "authorization: Bearer <an active api credit source's token>",
      );
    }
    await limitToken(source.id);
    c.set('source', source);
    await next();
  };

  INGEST_CREDIT.register(app, apiSource, async (c) => {
    const input = c.req.valid('json');
    const result = await receiveApiCredit(deps, {
      source: c.var.source,
      utr: input.utr,
      amount: input.amount,
      payerName: input.payer_name ?? '',
      creditedAt: input.credited_at ? new Date(input.credited_at) : undefined,
    });
    return success(c, unwrap(postedCredit(result)), result.kind === 'duplicate' ? 200 : 201);
  });

  return app;
}
