/**
 * The operator's command-line tool: a thin client of the running service's operator API
 * (plus `demo-order`, which signs an order request as a merchant would). Prints JSON; the
 * commands are in cli-commands.ts.
 *
 *   npm run operator -- <command> [args] [--flag value]
 *
 * SERVICE_URL (default http://localhost:8080) and OPERATOR_TOKEN (default: DATA_DIR/operator-token).
 */
import { runCli } from './cli-commands.js';

runCli(process.argv.slice(2), { env: process.env, note: (text) => process.stderr.write(text) }).then(
  (outcome) => {
    if (outcome.text !== undefined) process.stdout.write(outcome.text);
    if (outcome.answer !== undefined) process.stdout.write(`${JSON.stringify(outcome.answer, null, 2)}\n`);
    process.exitCode = outcome.exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
