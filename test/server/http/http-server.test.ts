/**
 * The service's listener over a real socket: what node and the adapter answer without the app is
 * in the error shape too, and slow clients are cut off at the configured time while a slow but
 * complete request is still served.
 */
import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { createHttpServer } from '../../../src/server/http/http-server.js';
import { createLogger } from '../../../src/server/log.js';
import { createIncome, createLifecycleApp } from '../lifecycle/support/lifecycle-fixture.js';
import { type TestApp, testConfig } from '../support/test-app.js';

/** Generous, for a busy machine: how long the server may take to let go of a closed connection. */
const WAIT = { timeout: 30_000, interval: 100 };

let t: TestApp;
beforeAll(async () => {
  t = await createLifecycleApp();
});
afterAll(async () => {
  await t.close();
});

async function listening(env: Record<string, string>): Promise<{ server: Server; port: number }> {
  const config = testConfig(env);
  const server = createHttpServer(t.app.fetch, {
    hostname: '127.0.0.1',
    timeouts: { headersMs: config.headersTimeoutMs, requestMs: config.requestTimeoutMs },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Writes `raw` and reads everything until the server closes the connection (or 30 s pass). */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close after 30 s; got ${JSON.stringify(text.slice(0, 300))}`));
    }, 30_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
    socket.write(raw, 'latin1');
  });
}

/** One answer in the error shape, nothing before or after it. */
function expectErrorShape(raw: string, status: number) {
  expect(raw.match(/HTTP\/1\.1 \d{3} /g), raw).toHaveLength(1);
  expect(raw, raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  expect(head.toLowerCase(), raw).toContain('content-type: application/json');
  expect(JSON.parse(body), raw).toMatchObject({
    result: 'error',
    data: { error: expect.any(String), details: expect.any(String) },
  });
}

describe('answers given without the app', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ server, port } = await listening({}));
  });
  afterAll(() => {
    server.close();
    server.closeAllConnections();
  });

  for (const [what, raw, status] of [
    ['an HTTP/1.1 request without Host', 'GET /healthz HTTP/1.1\r\n\r\n', 400],
    ['OPTIONS *', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['an Expect other than 100-continue', 'POST /healthz HTTP/1.1\r\nHost: x\r\nExpect: 999-x\r\n\r\n', 417],
    ['CONNECT', 'CONNECT pay.test:443 HTTP/1.1\r\nHost: pay.test:443\r\n\r\n', 400],
    ['a request line that is no HTTP', 'GARBAGE\r\n\r\n', 400],
    ['a header with a NUL', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
    ['an HTTP/2 preface on HTTP/1.1', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400],
    [
      'a chunked body that breaks off on a body endpoint',
      'POST /Payments/india_match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n',
      400,
    ],
    [
      'a body in an unknown transfer coding',
      'POST /Payments/india_match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}',
      400,
    ],
  ] as const) {
    it(`answers ${what} in the error shape`, async () => {
      expectErrorShape(await exchange(port, raw), status);
    });
  }

  it("logs a body that broke off as the client's doing, not as a fault of the service", async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, log: createLogger('debug', (line) => lines.push(line)) });
    const own = createHttpServer(app.fetch, { timeouts: { headersMs: 10_000, requestMs: 10_000 } });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const raw =
        'POST /Payments/india_match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n2\r\n{"\r\nzz\r\n';
      expectErrorShape(await exchange((own.address() as AddressInfo).port, raw), 400);
      // The app's access line says its handler has finished with the request.
      await vi.waitFor(() => expect(lines.some((line) => line.includes('"msg":"request"'))).toBe(true), WAIT);
      expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    } finally {
      own.close();
    }
  });

  it('still serves an HTTP/1.0 request without Host, and a request with one', async () => {
    expect(await exchange(port, 'GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 /,
    );
  });
});

describe('slow clients', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ server, port } = await listening({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' }));
  });
  afterAll(() => {
    server.close();
    server.closeAllConnections();
  });

  /** A connection that sends its header a byte at a time and never finishes it. */
  function dribble(): { socket: Socket; closed: Promise<string> } {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
    const header = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(10_000)}`;
    let at = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(header[at++ % header.length] ?? 'a');
    }, 100);
    const closed = new Promise<string>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      }),
    );
    return { socket, closed };
  }

  it('closes connections whose header never completes, dribbled or silent, within the configured time', async () => {
    const dribbling = Array.from({ length: 20 }, dribble);
    const silent = Array.from({ length: 5 }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.resume(); // reads (and drops) whatever comes, so that it sees the server close
      return new Promise<void>((resolve) => socket.on('close', () => resolve()));
    });
    // Closed eventually: a generous bound far above 1 s + the 0.5 s check, for a busy machine.
    let bound: NodeJS.Timeout | undefined;
    const tooLate = new Promise<never>((_, reject) => {
      bound = setTimeout(() => reject(new Error('slow connections still open after 60 s')), 60_000);
    });
    try {
      const answers = await Promise.race([
        Promise.all([...dribbling.map((d) => d.closed), ...silent]),
        tooLate,
      ]);
      // What node writes when it cuts a header off is the error shape too.
      for (const answer of answers.filter((a): a is string => typeof a === 'string' && a !== '')) {
        expectErrorShape(answer, 408);
      }
      // The server lets go of each of them too, whether or not its client reads the 408.
      await vi.waitFor(async () => {
        const open = await new Promise<number>((resolve, reject) =>
          server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
        expect(open).toBe(0);
      }, WAIT);
    } finally {
      clearTimeout(bound);
      for (const d of dribbling) d.socket.destroy();
    }
  }, 90_000);

  it('serves a request whose header and body arrive slowly but within the time', async () => {
    const uid = await createIncome(t);
    const body = JSON.stringify({ payment_uid: uid, serial_number: '123456789012' });
    const raw =
      'POST /Payments/india_match HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
      // In four pieces, well inside the 1 s header time and 2 s request time.
      const pieces = [raw.slice(0, 20), raw.slice(20, 60), raw.slice(60, raw.length - 10), raw.slice(-10)];
      for (const [index, piece] of pieces.entries()) setTimeout(() => socket.write(piece), index * 50);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
