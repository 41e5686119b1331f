/**
 * What a handler reads of its request beyond Hono's Context: the request's id and logger, which
 * the request context (request-context.ts) puts in the request's bindings (`c.env`), and the
 * headers as Node received them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { createLogger, type LogFields, type Logger } from '../log.js';

export const REQUEST = Symbol('request');

/** The bindings of a request: Node's request and response under @hono/node-server, and the record. */
export interface Bindings {
  readonly incoming?: IncomingMessage;
  readonly outgoing?: ServerResponse;
  readonly [REQUEST]?: RequestRecord;
}

/** One request's id and logger. */
export class RequestRecord {
  #log: Logger | undefined;
  constructor(
    readonly id: string,
    private readonly base: Logger,
  ) {}
  /** The request's logger, with its request_id: made on first use. */
  get log(): Logger {
    this.#log ??= this.base.child({ request_id: this.id });
    return this.#log;
  }
  /** Narrows the logger for the rest of the request (an operator's name, once known). */
  bind(fields: LogFields): void {
    this.#log = this.log.child(fields);
  }
}

const unrecorded = createLogger('silent');

/** The request's record; a request dispatched without the request context gets an empty one. */
export function requestRecord(c: Context): RequestRecord {
  return (c.env as Bindings | undefined)?.[REQUEST] ?? new RequestRecord('', unrecorded);
}

export function requestLog(c: Context): Logger {
  return requestRecord(c).log;
}

/**
 * A request header, read from the Node request when there is one: `c.req.header` makes the
 * adapter build a full web `Headers` object from every header the client sent.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Bindings | undefined)?.incoming;
  return incoming?.headers ? nodeHeader(incoming, name) : c.req.header(name);
}

export function nodeHeader(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
