/**
 * A request's path as the request log writes it: an ingest token in the path (`/ingest/sms/<token>`,
 * `/ingest/email/<token>`) is a secret and is written as `[token]`, at every log level
 * (docs/credit-sources.md; deploy/nginx.conf's access log does the same).
 */
const INGEST_TOKEN = /^(\/ingest\/[^/]+\/)[^/]+/;

export function loggedPath(path: string): string {
  return path.replace(INGEST_TOKEN, '$1[token]');
}
