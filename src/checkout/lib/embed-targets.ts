import { isHttpOrigin } from '../../shared/http-url.js';

/**
 * The origins a status message may be posted to: the order's configured embed origins that are
 * real http(s) origins. The page posts to each with it as `targetOrigin`, so the browser delivers
 * the message only if the parent really is that origin, and never uses "*".
 */
export function embedTargets(embedOrigins: readonly string[]): readonly string[] {
  return embedOrigins.filter(isHttpOrigin);
}
