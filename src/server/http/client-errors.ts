/**
 * Errors node:http answers before a request reaches the app (headers too large, a malformed
 * request line, a request too slow to arrive) get the interface's error shape too, instead of
 * node's bare status line.
 */
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { AppError } from '../errors.js';
import { errorEnvelope } from './envelope.js';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function answerClientErrors(server: Server | Http2Server | Http2SecureServer): void {
  (server as Server).on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError(ERROR_CODES.headersTooLarge, 'headers: larger than the server accepts')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new AppError(ERROR_CODES.requestTimeout, 'request: not received in time')
          : new AppError(ERROR_CODES.invalidRequest, 'request: not valid HTTP');
    const body = JSON.stringify(errorEnvelope(answer, ''));
    socket.end(
      `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n` +
        'Content-Type: application/json\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
