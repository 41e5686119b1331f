#!/usr/bin/env node
/**
 * The baseline every HTTP figure is divided by: a bare Hono app on @hono/node-server answering
 * GET /healthz with the same JSON as the service, no middleware. Started by the benches in the
 * same run as the service they measure. Usage: node bench/bare-hono.mjs <port> [spin-us]
 *
 * With spin-us, each answer first spends that many microseconds of CPU (a busy loop): the
 * calibration of bench/http.mjs, which shows what a ratio to the bare app means in CPU time.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const spinMs = Number(process.argv[3] ?? 0) / 1000;
const app = new Hono();
app.get(
  '/healthz',
  spinMs > 0
    ? (c) => {
        const until = performance.now() + spinMs;
        while (performance.now() < until);
        return c.json({ status: 'ok' });
      }
    : (c) => c.json({ status: 'ok' }),
);
const server = serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
