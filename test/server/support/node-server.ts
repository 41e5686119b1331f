/**
 * A test app behind a real listening Node server (`@hono/node-server`), so that event streams are
 * written to Node's response as in the service. `close` closes the streams it opened, the server
 * and the app.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { expect } from 'vitest';
import { readSse, type SseReader } from './sse-reader.js';
import type { TestApp } from './test-app.js';

export type NodeServer = Awaited<ReturnType<typeof serveOverNode>>;

export async function serveOverNode(t: TestApp) {
  const server = createAdaptorServer({ fetch: t.app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const readers: SseReader[] = [];
  const events = (uid: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/checkout/api/orders/${uid}/events`, { headers });
  /** Reads an answered stream, which must have been accepted. */
  const read = (response: Response): SseReader => {
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    return reader;
  };
  return {
    t,
    port,
    events,
    read,
    /** Opens an order's event stream and reads it. */
    open: async (uid: string): Promise<SseReader> => read(await events(uid)),
    async close() {
      await Promise.all(readers.map((reader) => reader.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
