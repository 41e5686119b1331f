import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EventSink, nodeEventSink, webEventSink } from '../../../src/server/checkout-api/event-sink.js';

const CHUNK = 'x'.repeat(64 * 1024);
const WAIT = { timeout: 20_000, interval: 20 };

describe('nodeEventSink', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A sink on a real response, and the client's side: its response paused (reading nothing). */
  const connect = async () => {
    let sink!: EventSink;
    let resolveReady!: () => void;
    const ready = new Promise<void>((resolve) => {
      resolveReady = resolve;
    });
    const listening = createServer((_req, res: ServerResponse) => {
      sink = nodeEventSink(res);
      resolveReady();
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const { port } = listening.address() as AddressInfo;
    const req = request({ host: '127.0.0.1', port, agent: false });
    const response = new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
    req.on('error', () => undefined);
    req.end();
    await ready;
    return { sink, req, response: await response };
  };

  it('refuses further writes once a client stops reading, rather than buffering for it', async () => {
    const { sink, response } = await connect();
    response.pause();
    let written = 0;
    // The socket's buffers fill within a few megabytes; the cap only keeps a failure finite.
    while (written < 4096 && sink.write(CHUNK)) written++;
    expect(written).toBeLessThan(4096);
    const closed = vi.fn();
    sink.onClose(closed);
    sink.end();
    expect(sink.closed).toBe(true);
    expect(closed).toHaveBeenCalledOnce();
    expect(sink.write('data: late\n\n')).toBe(false);
  });

  it('tells its listeners once when the client goes away', async () => {
    const { sink, req } = await connect();
    const closed = vi.fn();
    sink.onClose(closed);
    expect(sink.write(': hello\n\n')).toBe(true);
    req.destroy();
    await vi.waitFor(() => expect(closed).toHaveBeenCalledOnce(), WAIT);
    expect(sink.closed).toBe(true);
    expect(sink.write(': late\n\n')).toBe(false);
    sink.end();
    expect(closed).toHaveBeenCalledOnce();
  });
});

describe('webEventSink', () => {
  it('refuses further writes once its unread body holds 64 KiB', () => {
    const { sink } = webEventSink();
    expect(sink.write('x'.repeat(60 * 1024))).toBe(true);
    expect(sink.write('x'.repeat(8 * 1024))).toBe(false);
  });

  it('tells its listeners when the reader cancels, and ends its body', async () => {
    const { sink, body } = webEventSink();
    const closed = vi.fn();
    sink.onClose(closed);
    sink.write(': hello\n\n');
    await body.cancel();
    expect(closed).toHaveBeenCalledOnce();
    expect(sink.write(': late\n\n')).toBe(false);

    const other = webEventSink();
    other.sink.write('data: one\n\n');
    other.sink.end();
    expect(await new Response(other.body).text()).toBe('data: one\n\n');
  });
});
