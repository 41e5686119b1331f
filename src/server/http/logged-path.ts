/**
 * A request's path as the request log writes it: an ingest token in the path is a secret and is
 * written as `[token]`, at every log level (docs/credit-sources.md; deploy/nginx.conf's access log
 * does the same). Past the documented forms (`/ingest/sms/<token>`, `/ingest/email/<token>`,
 * `/ingest/heartbeat/<token>`), a forwarder set up wrongly may put its token anywhere: anything
 * else under /ingest/ is masked whole, and so is anything shaped like a token in any other path.
 */
const BEARER_PATH = /^\/+ingest\/+(?:sms|email|heartbeat|credits)\/*$/i;
const TOKEN_PATH = /^\/+ingest\/+(sms|email|heartbeat)\//i;
const UNDER_INGEST = /^\/+ingest(?:\/|%2f)/i;
/** An ingest token as issued: `it_` and 32 base64url characters (credit-source-store.ts). */
const TOKEN_SHAPED = /it_[A-Za-z0-9_-]{16,}/g;

export function loggedPath(path: string): string {
  if (BEARER_PATH.test(path)) return path;
  const channel = TOKEN_PATH.exec(path)?.[1];
  if (channel !== undefined) return `/ingest/${channel.toLowerCase()}/[token]`;
  if (UNDER_INGEST.test(path)) return '/ingest/[token]';
  return path.replace(TOKEN_SHAPED, '[token]');
}
