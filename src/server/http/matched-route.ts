/**
 * The router `new Hono()` makes (SmartRouter over RegExpRouter and TrieRouter), which also keeps
 * the pattern of the route it matched last: the `route` label of the request metrics. Hono matches
 * at the start of its dispatch, before any handler awaits, so the request context reads it right
 * after the dispatch it wraps has returned (docs/decisions/0020-http-path.md).
 */

import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { H, RouterRoute } from 'hono/types';
import { isMiddleware } from 'hono/utils/handler';

/** What Hono registers for each handler: the handler and its route (method and pattern). */
type Registered = [H, RouterRoute];

const UNMATCHED_ROUTE = 'unmatched';

export class MatchedRouteRouter implements Router<Registered> {
  readonly name = 'MatchedRouteRouter';
  readonly #router = new SmartRouter<Registered>({
    routers: [new RegExpRouter<Registered>(), new TrieRouter<Registered>()],
  });
  #last: Result<Registered> | undefined;

  add(method: string, path: string, handler: Registered): void {
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<Registered> {
    const result = this.#router.match(method, path);
    this.#last = result;
    return result;
  }

  /**
   * The pattern of the route the last match reached (its last handler that is not a middleware,
   * as Hono tells them apart), or `unmatched`; forgets the match.
   */
  takeRoute(): string {
    const handlers = this.#last?.[0];
    this.#last = undefined;
    if (handlers) {
      for (let i = handlers.length - 1; i >= 0; i--) {
        const route = handlers[i]?.[0][1];
        if (route && !isMiddleware(route.handler)) return route.path;
      }
    }
    return UNMATCHED_ROUTE;
  }
}
