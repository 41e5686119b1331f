/**
 * deploy/nginx.conf's access log keeps no ingest token, whatever path a forwarder puts it in: real
 * nginx (test/e2e/support/nginx.ts) in front of a stand-in upstream that answers every request,
 * so the log line is nginx's own and no service is needed (either store). The documented forms
 * are written as `/ingest/<channel>/[token]`, anything else under /ingest/ as `/ingest/[token]`,
 * and a token-shaped segment of any other path as `[token]`; the bearer forms are written as they are.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Nginx, startNginx } from '../support/nginx.js';

let upstream: Server;
let nginx: Nginx;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"result":"success","data":{}}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  nginx = await startNginx([`127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
});
afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A request with the path exactly as written (no normalising by a URL parser). */
function post(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: nginx.port, method: 'POST', path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end('{"from":"VM-HDFCBK","text":"Rs.5.00 credited"}');
  });
}

const token = 'it_NoAccessLogMayHoldThis0123456789abcd';

describe('the access log of deploy/nginx.conf', () => {
  test('keeps no ingest token, in whatever path it comes', async () => {
    const sent: readonly (readonly [path: string, logged: string])[] = [
      [`/ingest/sms/${token}`, '"POST /ingest/sms/[token] HTTP/1.1" 200'],
      [`/ingest/email/${token}`, '"POST /ingest/email/[token] HTTP/1.1" 200'],
      [`/ingest/heartbeat/${token}`, '"POST /ingest/heartbeat/[token] HTTP/1.1" 200'],
      [`/ingest/SMS/${token}?from=VM-HDFCBK`, '"POST /ingest/SMS/[token] HTTP/1.1" 200'],
      [`//ingest//sms/${token}`, '"POST /ingest/sms/[token] HTTP/1.1" 200'],
      [`/ingest%2Fsms%2F${token}`, '"POST /ingest/sms/[token] HTTP/1.1" 200'],
      [`/ingest/sms/${token}/more`, '"POST /ingest/sms/[token] HTTP/1.1" 200'],
      [`/ingest/${token}`, '"POST /ingest/[token] HTTP/1.1" 200'],
      [`/sms/${token}`, '"POST /sms/[token] HTTP/1.1" 200'],
      ['/ingest/sms', '"POST /ingest/sms HTTP/1.1" 200'],
      ['/ingest/heartbeat', '"POST /ingest/heartbeat HTTP/1.1" 200'],
    ];
    for (const [path] of sent) {
      expect(
        await post(path, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }),
        path,
      ).toBe(200);
    }
    // nginx writes an access line once its answer is done; wait for the last one.
    await expect
      .poll(() => readFileSync(nginx.accessLog, 'utf8').split('\n').filter(Boolean).length)
      .toBe(sent.length);
    const lines = readFileSync(nginx.accessLog, 'utf8').split('\n').filter(Boolean);
    expect(lines.filter((line) => line.includes(token) || line.includes('NoAccessLog'))).toEqual([]);
    for (const [index, [, logged]] of sent.entries()) expect(lines[index]).toContain(logged);
  });
});
