/**
 * Unsigned ingest endpoints for alert forwarders, keyed by a credit source's secret token, sent as
 * `Authorization: Bearer` (the documented form) or, for apps that can only set a URL, in the path:
 * - POST /ingest/sms, /ingest/sms/:token      a forwarded SMS (JSON, form, multipart or plain text)
 * - POST /ingest/email, /ingest/email/:token  a raw e-mail alert (RFC 822)
 * - POST /ingest/heartbeat, /ingest/heartbeat/:token  the forwarder is alive (credits/commands/watch-sources.ts)
 * The token is never logged: the request log writes these paths without it (http/logged-path.ts).
 * An unknown or revoked token, or another kind of source's, is a 404 (one indexed read, nothing written). A known token is
 * rate-limited in the store's shared buckets (`rate_limits`, scope `ingest`, keyed by its source),
 * so every service process counts against the same limit. Past those two, nothing refuses: the
 * body is stored as received and answered 200 with its outcome, `invalid` with the reason when it
 * cannot be read as a text (a forwarder drops what it is answered 4xx for).
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { notFound } from '../errors.js';
import { takeOrRefuse } from '../http/rate-limiter.js';
import { requestHeader } from '../http/request-record.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { ingestText } from './commands/ingest-text.js';
import { recordSourceHeartbeat } from './commands/record-heartbeat.js';
import {
  INGEST_EMAIL,
  INGEST_EMAIL_BEARER,
  INGEST_HEARTBEAT,
  INGEST_HEARTBEAT_BEARER,
  INGEST_SMS,
  INGEST_SMS_BEARER,
} from './credit-api.js';

import { type CreditSource, findSourceByToken } from './credit-source-store.js';
import { readAlertEmail } from './read-email.js';
import { readForwardedSms } from './read-forwarded-sms.js';

/** A phone back online forwards its backlog at once; steady traffic is a few texts a minute. */
export const DEFAULT_INGEST_LIMIT: RateLimit = { burst: 60, perSecond: 2 };

/** The source a route's token names, set by `sourceOfToken` before the body is read. */
type IngestEnv = { Variables: { source: CreditSource } };

export function ingestRoutes(deps: AppDeps, limit: RateLimit = DEFAULT_INGEST_LIMIT): Hono<IngestEnv> {
  const app = new Hono<IngestEnv>();
  const limitToken = takeOrRefuse(
    storeRateLimiter(deps.db, 'ingest', limit),
    deps.clock,
    'too many texts for this token; try again shortly',
  );
  // The token is looked up and its limit taken before the body is read.
  const admit = async (c: Context<IngestEnv>, token: string | undefined) => {
    const source = token && token.length <= 100 ? await findSourceByToken(deps.db, token) : undefined;
    // An api source's token posts credits (api-credit-routes.ts), never texts.
    if (source?.kind !== 'sms') throw notFound('token: no such active sms credit source');
    // Keyed by the source (one token each): an unknown token never creates a bucket.
    await limitToken(source.id);
    c.set('source', source);
  };
  const sourceOfToken: MiddlewareHandler<IngestEnv, string, { out: { param: { token: string } } }> = async (
    c,
    next,
  ) => {
    await admit(c, c.req.valid('param').token);
    await next();
  };
  const sourceOfBearer: MiddlewareHandler<IngestEnv> = async (c, next) => {
    await admit(c, bearerToken(requestHeader(c, 'authorization')));
    await next();
  };
  const answer = (result: { rawTextId: number; outcome: string; reason: string }) => ({
    result: 'success' as const,
    data: { text_id: String(result.rawTextId), outcome: result.outcome, reason: result.reason },
  });

  // The body exactly as it came: whatever it holds is stored (outcome invalid when unreadable).
  const bytesOf = async (c: Context) => new Uint8Array(await c.req.arrayBuffer());

  const takeSms = async (c: Context<IngestEnv>) => {
    const sms = await readForwardedSms(await bytesOf(c), c.req.header('content-type') ?? '', c.req.query());
    const result = await ingestText(deps, { source: c.var.source, channel: 'sms', ...sms });
    return c.json(answer(result));
  };
  const takeEmail = async (c: Context<IngestEnv>) => {
    const email = await readAlertEmail(await bytesOf(c));
    const result = await ingestText(deps, { source: c.var.source, channel: 'email', ...email });
    return c.json(answer(result));
  };
  // One handler each (a registered handler carries its route's definition).
  INGEST_SMS_BEARER.register(app, sourceOfBearer, (c) => takeSms(c));
  INGEST_EMAIL_BEARER.register(app, sourceOfBearer, (c) => takeEmail(c));
  INGEST_SMS.register(app, sourceOfToken, (c) => takeSms(c));
  INGEST_EMAIL.register(app, sourceOfToken, (c) => takeEmail(c));

  const heartbeat = async (c: Context<IngestEnv>) => {
    const at = await recordSourceHeartbeat(deps, c.var.source.id);
    return c.json({
      result: 'success' as const,
      data: { source_id: c.var.source.id, last_heartbeat_at: at.toISOString() },
    });
  };
  INGEST_HEARTBEAT.register(app, sourceOfToken, (c) => heartbeat(c));
  INGEST_HEARTBEAT_BEARER.register(app, sourceOfBearer, (c) => heartbeat(c));

  return app;
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer +(\S+) *$/i);
  return match?.[1];
}
