/**
 * The screens a payer sees after paying (verifying, results, payouts), and the sandbox's
 * simulation panel: one chunk, fetched right after the first paint, so the first load stays
 * within its budget (scripts/check-size.mjs).
 */
export { PayoutScreen } from './payout-screen.js';
export { ResultScreen } from './result-screen.js';
export { SandboxPanel } from './sandbox-panel.js';
export { VerifyingScreen } from './verifying-screen.js';
