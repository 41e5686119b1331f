/**
 * The only edge: reads the environment once, starts the service, and shuts it down gracefully
 * on SIGTERM/SIGINT (stop accepting, finish requests in flight, close the store).
 */
import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { createLogger } from './log.js';
import { sandboxOperatorToken } from './operator/operator-token.js';
import { runWorkers } from './run-workers.js';
import { startService } from './service.js';

async function main(): Promise<void> {
  const env = { ...process.env };
  if (!env.OPERATOR_TOKEN && (env.MODE ?? 'sandbox') === 'sandbox') {
    const token = sandboxOperatorToken(env.DATA_DIR ?? './data');
    env.OPERATOR_TOKEN = token.token;
    if (token.created)
      process.stderr.write(
        `\n  Operator token written to ${token.path} (sandbox; set OPERATOR_TOKEN to choose one).\n`,
      );
  }
  const result = loadConfig(env);
  if (!result.ok) {
    process.stderr.write(
      `Configuration error:\n${result.errors.map((error) => `  - ${error}`).join('\n')}\n`,
    );
    process.exit(1);
  }
  const { config } = result;
  const log = createLogger(config.logLevel);
  if (config.insecurePublicUrl && !cluster.isWorker) {
    process.stderr.write(
      `\n  WARNING: PUBLIC_BASE_URL is plain http in production (ALLOW_INSECURE_PUBLIC_URL=true): payer pages, the API and the console cookie travel unencrypted unless TLS is terminated in front of ${config.publicBaseUrl}.\n`,
    );
  }
  if (config.mode === 'production' && !config.dualControl && !cluster.isWorker) {
    process.stderr.write(
      "\n  WARNING: DUAL_CONTROL=off: one operator alone can post credits, match them, import statements and set orders' status (docs/money-controls.md, Approvals).\n",
    );
  }
  const banner = () => {
    const demo = config.demoMerchant
      ? `\n  Demo checkout: ${config.publicBaseUrl}/demo  (opens a fresh demo order)\n`
      : '';
    const workers = config.workers > 1 ? ` with ${config.workers} worker processes` : '';
    // A deployment left in sandbox (anyone can simulate a payment there) must show at once.
    const mode =
      config.mode === 'production'
        ? `Mode: production${config.dualControl ? '' : ' (DUAL_CONTROL=off: one operator alone can move money)'}`
        : `Mode: sandbox (payments can be simulated; MODE=production for real money)${config.dualControl ? '; DUAL_CONTROL=on: manual money actions wait for a second operator' : ''}`;
    process.stderr.write(
      `\n  Service ready at ${config.publicBaseUrl}${workers}  (payer pages under /checkout/, API docs at /openapi.json)\n  ${mode}\n${demo}\n`,
    );
  };
  if (config.workers > 1 && cluster.isPrimary) {
    runWorkers(config, env, log, banner);
    return;
  }
  const service = await startService(config, log);
  if (!cluster.isWorker) banner();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    service.close().then(
      // A stop the service asked for after a failure (its store died) keeps its exit code.
      () => process.exit(process.exitCode ?? 0),
      (error: unknown) => {
        log.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A worker whose primary is gone (killed) stops too, instead of serving on unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => stop('primary gone'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
