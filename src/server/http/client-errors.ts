/**
 * Answers node:http gives before or beside the app (headers too large, a malformed request line,
 * a request too slow to arrive, an `Expect` it cannot meet, a `CONNECT`) get the interface's error
 * shape too, instead of node's bare status line, wherever an answer can still be written.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { errorEnvelope } from './envelope.js';

/**
 * How long a refused connection may stay open for its client to read the answer: a client that
 * reads nothing (a slow-header attack) never closes its side, so the socket is destroyed then.
 */
export const LINGER_MS = 1_000;

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/** The ServerResponse node has attached to a socket (its own default handler looks at it too). */
type HttpSocket = Duplex & { readonly _httpMessage?: { readonly headersSent?: boolean } | null };

export function answerClientErrors(server: Server | Http2Server | Http2SecureServer): void {
  const http = server as Server;
  http.on('clientError', (error: NodeJS.ErrnoException, socket: HttpSocket) => {
    // An answer already on its way (a body that broke after the app answered) cannot be followed
    // by another: the connection is closed, as node does.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError(ERROR_CODES.headersTooLarge, 'headers: larger than the server accepts')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new AppError(ERROR_CODES.requestTimeout, 'request: not received in time')
          : new AppError(ERROR_CODES.invalidRequest, 'request: not valid HTTP');
    endAndLinger(socket, rawAnswer(answer));
  });
  // An Expect other than 100-continue: node would answer 417 with an empty body.
  http.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const answer = new AppError(ERROR_CODES.expectationFailed, 'Expect: only 100-continue is understood');
    writeAnswer(response, answer);
  });
  // CONNECT asks for a tunnel, which this service never opens: node would only close the socket.
  http.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    endAndLinger(
      socket,
      rawAnswer(new AppError(ERROR_CODES.invalidRequest, 'request: CONNECT is not served')),
    );
  });
}

function endAndLinger(socket: Duplex, answer: string): void {
  socket.end(answer);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * A request body that broke off (the client closed, or sent a chunk node cannot read) reaches
 * the handler reading it as node's `aborted` error: the client's doing, answered 400 (if anyone
 * is still there to read it) and not logged as a fault of the service.
 */
export function asClientAbort(error: unknown): AppError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!(error instanceof Error) || code !== 'ECONNRESET' || error.message !== 'aborted') return undefined;
  return new AppError(ERROR_CODES.invalidRequest, 'body: broke off before its end', { cause: error });
}

/** The error envelope written on a ServerResponse (a request node answers without the app). */
export function writeAnswer(response: ServerResponse, answer: AppError): void {
  const body = JSON.stringify(errorEnvelope(answer, ''));
  response.writeHead(answer.status, {
    'Content-Type': 'application/json',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  response.end(body);
}

/** The error envelope as a whole HTTP/1.1 answer, for a socket without a ServerResponse. */
function rawAnswer(answer: AppError): string {
  const body = JSON.stringify(errorEnvelope(answer, ''));
  return (
    `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n` +
    'Content-Type: application/json\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}
