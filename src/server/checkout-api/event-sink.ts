/**
 * Where an event stream writes. Under @hono/node-server straight to Node's `ServerResponse`: no
 * web TransformStream, ReadableStream and adapter pipe between a stream and its socket, which
 * were most of an open stream's memory. In process (`app.request`, no Node response) a web
 * `ReadableStream` for the `Response`, bounded the same way.
 */
import type { ServerResponse } from 'node:http';

export interface EventSink {
  /**
   * Writes a chunk. False when the client does not keep up (the chunk waits in memory) or is
   * gone: the caller ends the stream rather than buffer for it.
   */
  write(chunk: string): boolean;
  /** Ends the stream; the close listeners run (once). */
  end(): void;
  /** Ended, or the client went away. */
  readonly closed: boolean;
  /** Called once when the stream ends or the client goes away. */
  onClose(listener: () => void): void;
}

/** The stream's headers, as Hono's `streamSSE` sent them, and `X-Accel-Buffering: no` for nginx. */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'content-type': 'text/event-stream',
  'transfer-encoding': 'chunked',
  'x-accel-buffering': 'no',
};

/** What an in-process stream may hold unread before it is ended. */
const WEB_QUEUE_BYTES = 64 * 1024;

/**
 * Sends the status and headers (with those already set on `res`, such as the request id) and
 * writes the stream to `res`.
 */
export function nodeEventSink(res: ServerResponse): EventSink {
  const closing = closeListeners();
  res.once('close', closing.fire);
  res.writeHead(200, EVENT_STREAM_HEADERS);
  // At once, so the browser's EventSource opens even when no event is due yet (a resumed stream).
  res.flushHeaders();
  return {
    write: (chunk) => !closing.fired && !res.destroyed && res.write(chunk),
    end: () => {
      closing.fire();
      if (!res.writableEnded) res.end();
    },
    get closed() {
      return closing.fired || res.destroyed;
    },
    onClose: closing.add,
  };
}

/** A sink whose chunks are the body of a web `Response`, for in-process requests. */
export function webEventSink(): { sink: EventSink; body: ReadableStream<Uint8Array> } {
  const closing = closeListeners();
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>(
    {
      start: (given) => {
        controller = given;
      },
      cancel: () => closing.fire(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: WEB_QUEUE_BYTES }),
  );
  const sink: EventSink = {
    write: (chunk) => {
      if (closing.fired) return false;
      controller.enqueue(encoder.encode(chunk));
      return (controller.desiredSize ?? 0) > 0;
    },
    end: () => {
      if (closing.fired) return;
      closing.fire();
      controller.close();
    },
    get closed() {
      return closing.fired;
    },
    onClose: closing.add,
  };
  return { sink, body };
}

function closeListeners() {
  const listeners: Array<() => void> = [];
  const state = {
    fired: false,
    add: (listener: () => void) => {
      if (state.fired) listener();
      else listeners.push(listener);
    },
    fire: () => {
      if (state.fired) return;
      state.fired = true;
      for (const listener of listeners.splice(0)) listener();
    },
  };
  return state;
}
