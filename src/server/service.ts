/**
 * Assembles a running service from a validated configuration: store, app, dispatcher,
 * background work and the HTTP server. main.ts calls it; so can a harness.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import type { AppDeps } from './app-deps.js';
import { sandboxChannel } from './channel/sandbox-channel.js';
import { DEFAULT_PAYER_LIMITS, scalePayerLimits } from './checkout-api/checkout-api-routes.js';
import { checkoutPageRoutes } from './checkout-page/checkout-page-routes.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import { consolePageRoutes } from './console/console-page-routes.js';
import { clearHeldCredits } from './credits/commands/clear-held-credits.js';
import { watchSources } from './credits/commands/watch-sources.js';
import { announceSource } from './credits/source-alerts.js';
import { createHttpServer, type HttpTimeouts } from './http/http-server.js';
import { createMetrics } from './http/metrics.js';
import { metricsRoutes } from './http/metrics-routes.js';
import { createBackgroundWork } from './lifecycle/background-work.js';
import type { PayoutChannels } from './lifecycle/commands/advance-payouts.js';
import type { Logger } from './log.js';
import { ensureDemoMerchant } from './merchants/demo-merchant.js';
import { KEY_CHANGES_CHANNEL } from './merchants/key-changes.js';
import { findMerchant } from './merchants/merchant-store.js';
import { createDispatcher } from './notify/dispatcher.js';
import { OUTBOX_CHANNEL } from './notify/outbox.js';
import { ORDER_CHANGES_CHANNEL } from './orders/order-changes.js';
import { findOrder } from './orders/order-store.js';
import { razorpayxChannel } from './payouts/razorpayx/razorpayx-channel.js';
import { razorpayxClient } from './payouts/razorpayx/razorpayx-client.js';
import { portalPageRoutes } from './portal/portal-page-routes.js';
import { openChangeFeed } from './store/change-feed.js';
import { type DataDirLock, lockDataDir } from './store/data-dir-lock.js';
import type { Db } from './store/db.js';
import { openDb } from './store/open-db.js';

export interface RunningService {
  readonly url: string;
  readonly port: number;
  /** Stops accepting, finishes requests in flight, stops the workers and closes the store. */
  close(): Promise<void>;
}

export const DEFAULT_CHECKOUT_DIR = fileURLToPath(new URL('../../checkout', import.meta.url));
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../console', import.meta.url));
export const DEFAULT_PORTAL_DIR = fileURLToPath(new URL('../../portal', import.meta.url));

export async function startService(
  config: Config,
  log: Logger,
  checkoutDir = DEFAULT_CHECKOUT_DIR,
): Promise<RunningService> {
  mkdirSync(config.dataDir, { recursive: true });
  // The embedded store takes one process: the second refuses here, naming the first.
  const lock: DataDirLock | undefined =
    config.store.kind === 'pglite'
      ? await lockDataDir(config.dataDir, (error) => {
          log.error('lost the lock on DATA_DIR: stopping', { error });
          process.kill(process.pid, 'SIGTERM');
        })
      : undefined;
  let db: Awaited<ReturnType<typeof openDb>>;
  try {
    db = await openDb(config.store, config.restoreFrom ? { restoreFrom: config.restoreFrom } : {});
  } catch (error) {
    await lock?.release();
    throw error;
  }
  // The embedded store's thread died: nothing can be answered any more, so the process stops with
  // a failure for its supervisor to start it again, rather than serve errors (decision 0041).
  void db.failed?.then((error) => {
    log.error('the embedded store stopped: exiting for the supervisor to start the service again', {
      error,
    });
    process.exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  });
  const clock = systemClock;
  const metrics = createMetrics();
  const dispatcher = createDispatcher({
    db,
    clock,
    log: log.child({ component: 'dispatcher' }),
    metrics,
    config,
  });
  const changes = await openChangeFeed(
    db,
    [ORDER_CHANGES_CHANNEL, OUTBOX_CHANNEL, KEY_CHANGES_CHANNEL],
    log.child({ component: 'changes' }),
  );
  // The wake follows the commit: every outbox row is announced in its own transaction.
  changes.on(OUTBOX_CHANNEL, () => dispatcher.wake());
  changes.onState((state) => {
    if (state === 'resumed') dispatcher.wake();
  });
  const deps: AppDeps = { config, db, clock, log, metrics, changes };
  const work = createBackgroundWork({
    db,
    clock,
    log: log.child({ component: 'background' }),
    claimGraceSeconds: config.claimGraceSeconds,
    clearHeldCredits: () => clearHeldCredits({ db, clock }, config.unconfirmedCreditHoldSeconds),
    watchSources: () =>
      watchSources({
        db,
        clock,
        silenceSeconds: config.sourceSilenceSeconds,
        setSilentGauge: (count) => metrics.silentSources.set(count),
        announce: announceSource(config, log.child({ component: 'alerts' })),
      }),
    channel: payoutChannels(config, db, log.child({ component: 'payouts' })),
  });
  const checkoutPage = checkoutPageRoutes({
    distDir: checkoutDir,
    embedOrigins: async (paymentUid) => {
      const order = await findOrder(db, paymentUid);
      if (!order) return undefined;
      return (await findMerchant(db, order.merchant_uid))?.embed_origins ?? [];
    },
  });
  // The console is optional in a build: without dist/console the operator API still serves the CLI.
  const consoleDir = DEFAULT_CONSOLE_DIR;
  const consolePage = existsSync(join(consoleDir, 'index.html')) ? consolePageRoutes(consoleDir) : undefined;
  if (!consolePage) log.warn('operator console not built; /console/ is not served', { dir: consoleDir });
  const portalDir = DEFAULT_PORTAL_DIR;
  const portalPage = existsSync(join(portalDir, 'index.html')) ? portalPageRoutes(portalDir) : undefined;
  if (!portalPage) log.warn('merchant portal not built; /merchant/ is not served', { dir: portalDir });
  const shutdown = new AbortController();
  const app = createApp(deps, {
    signal: shutdown.signal,
    checkoutPage,
    ...(consolePage ? { consolePage } : {}),
    ...(portalPage ? { portalPage } : {}),
    payerLimits: scalePayerLimits(DEFAULT_PAYER_LIMITS, config.payerRateLimitScale),
    heartbeatMs: Math.round(config.eventStreamHeartbeatSeconds * 1000),
  });
  await ensureDemoMerchant(deps);

  const timeouts: HttpTimeouts = { headersMs: config.headersTimeoutMs, requestMs: config.requestTimeoutMs };
  const listen = async (server: Server, port: number, host: string) => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  };
  const server = await listen(
    createHttpServer(app.fetch, { hostname: config.host, timeouts }),
    config.port,
    config.host,
  );
  const port = (server.address() as AddressInfo).port;
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await listen(
          createHttpServer(metricsRoutes(metrics).fetch, { hostname: config.metricsHost, timeouts }),
          config.metricsPort,
          config.metricsHost,
        );
  dispatcher.start();
  work.start();
  log.info('service listening', { port, store: db.kind, mode: config.mode, base_url: config.publicBaseUrl });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      const listeners = [server, metricsServer].filter((listener) => listener !== undefined);
      const closed = Promise.all(
        listeners.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve()))),
      );
      shutdown.abort(); // open event streams end, so the server can close
      // A browser keeps polling over its kept-alive connections, so closing only the connections
      // idle at this instant is not enough: keep closing each one as soon as its answer is sent.
      const closeIdle = () => {
        for (const listener of listeners)
          if ('closeIdleConnections' in listener) listener.closeIdleConnections();
      };
      closeIdle();
      const sweep = setInterval(closeIdle, 100);
      await closed.finally(() => clearInterval(sweep));
      await Promise.all([dispatcher.stop(), work.stop()]);
      await changes.close();
      await db.close();
      await lock?.release();
      log.info('service stopped');
    },
  };
}

/**
 * Each payout's channel by name (docs/payouts.md): the sandbox bank in sandbox mode (also for
 * payouts older than their payout rows), RazorpayX when its credentials are set. Bank-file
 * payouts are moved by operators and statements, not by the payout step.
 */
export function payoutChannels(config: Config, db: Db, log: Logger): PayoutChannels {
  const sandbox = config.mode === 'sandbox' ? sandboxChannel(config.sandboxPayoutDelaySeconds) : undefined;
  const razorpayx = config.razorpayx
    ? razorpayxChannel({
        db,
        log,
        client: razorpayxClient(config.razorpayx, { allowPrivate: config.allowPrivateCallbacks }),
      })
    : undefined;
  return {
    byName: { ...(sandbox ? { sandbox } : {}), ...(razorpayx ? { razorpayx } : {}) },
    fallback: sandbox,
  };
}

/** Asks the system for a free port (for harnesses that start the service). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
