/**
 * The service's HTTP listener: node:http around the app's fetch (Hono's Node adapter), with what
 * the edge needs that the app cannot do itself.
 * - Slow clients are cut off: a connection that has not sent its whole header within
 *   `headersMs` (HEADERS_TIMEOUT_SECONDS, 10 s) is closed within half as long again (node checks
 *   its connections every 2/5 of it, and gives the client a second to read the 408 before the
 *   socket is destroyed: client-errors.ts); a whole request gets `requestMs`
 *   (REQUEST_TIMEOUT_SECONDS, 120 s), so a phone on a slow network still sends its body; an idle
 *   kept-alive connection is closed after 5 s (a reverse proxy keeps its own connections to the
 *   service for less: deploy/nginx.conf). Per-address connection limits are the proxy's job
 *   (README, "Running in production").
 * - Every answer node or the adapter gives without the app is in the error shape: a request
 *   the adapter cannot turn into a web Request (`OPTIONS *`, a bad Host), an HTTP/1.1 request
 *   without Host, and node's own refusals (client-errors.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { answerClientErrors, writeAnswer } from './client-errors.js';
import { errorResponse } from './envelope.js';

export interface HttpTimeouts {
  /** Time to receive a request's whole header. */
  readonly headersMs: number;
  /** Time to receive a whole request, body included. */
  readonly requestMs: number;
}

/** Idle time before a kept-alive connection is closed (node's own default, made explicit). */
export const KEEP_ALIVE_MS = 5_000;

type Fetch = Parameters<typeof getRequestListener>[0];

export function createHttpServer(
  fetch: Fetch,
  options: { readonly hostname?: string; readonly timeouts: HttpTimeouts },
): Server {
  const { headersMs, requestMs } = options.timeouts;
  const listener = getRequestListener(fetch, {
    ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
    // Only a request the adapter cannot read comes here (the app answers its own errors).
    errorHandler: (error) =>
      errorResponse(
        new AppError(
          ERROR_CODES.invalidRequest,
          `request: ${error instanceof Error ? error.message : 'not readable'}`,
          { headers: { Connection: 'close' } },
        ),
        '',
      ),
  });
  const server = createServer(
    {
      // Node would answer a missing Host with an empty 400: answered below in the error shape.
      requireHostHeader: false,
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: KEEP_ALIVE_MS,
      connectionsCheckingInterval: Math.max(100, Math.floor((headersMs * 2) / 5)),
    },
    (request: IncomingMessage, response: ServerResponse) => {
      if (request.headers.host === undefined && request.httpVersion === '1.1') {
        writeAnswer(response, new AppError(ERROR_CODES.invalidRequest, 'Host: required in HTTP/1.1'));
        return;
      }
      void listener(request, response);
    },
  );
  answerClientErrors(server);
  return server;
}
