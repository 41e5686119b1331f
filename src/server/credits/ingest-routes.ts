/**
 * Unsigned ingest endpoints for alert forwarders, keyed by a credit source's secret token:
 * - POST /ingest/sms/:token    a forwarded SMS (JSON, form or plain text)
 * - POST /ingest/email/:token  a raw e-mail alert (RFC 822)
 * Rate-limited per token before the store is touched; an unknown or revoked token is a 404.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { type RateLimit, RateLimiter } from '../http/rate-limiter.js';
import { type CreditSource, findSourceByToken, tokenDigest } from './credit-source-store.js';
import { ingestText } from './ingest-text.js';
import { readAlertEmail } from './read-email.js';
import { readForwardedSms } from './read-forwarded-sms.js';

/** A phone back online forwards its backlog at once; steady traffic is a few texts a minute. */
export const DEFAULT_INGEST_LIMIT: RateLimit = { burst: 60, perSecond: 2 };

export function ingestRoutes(deps: AppDeps, limit: RateLimit = DEFAULT_INGEST_LIMIT): Hono {
  const app = new Hono();
  const limiter = new RateLimiter(limit, deps.clock, 10_000);
  const sourceFor = async (token: string): Promise<CreditSource> => {
    const decision = limiter.take(tokenDigest(token));
    if (!decision.allowed) {
      throw new AppError(ERROR_CODES.rateLimited, 'too many texts for this token; try again shortly', {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      });
    }
    const source = token.length <= 100 ? await findSourceByToken(deps.db, token) : undefined;
    if (!source) throw notFound('token: no such active credit source');
    return source;
  };
  const answer = (result: { rawTextId: number; outcome: string; reason: string }) => ({
    result: 'success' as const,
    data: { text_id: String(result.rawTextId), outcome: result.outcome, reason: result.reason },
  });

  app.post('/ingest/sms/:token', async (c) => {
    const source = await sourceFor(c.req.param('token'));
    const sms = await readForwardedSms(c);
    const result = await ingestText(deps.db, { source, channel: 'sms', ...sms }, deps.clock.now());
    return c.json(answer(result));
  });

  app.post('/ingest/email/:token', async (c) => {
    const source = await sourceFor(c.req.param('token'));
    const email = await readAlertEmail(await c.req.text());
    if (!email) throw new AppError(ERROR_CODES.invalidRequest, 'body: an e-mail message with a text part');
    const result = await ingestText(deps.db, { source, channel: 'email', ...email }, deps.clock.now());
    return c.json(answer(result));
  });

  return app;
}
