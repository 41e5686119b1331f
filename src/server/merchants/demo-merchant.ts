/**
 * Sandbox convenience: on a store with no merchant, create "Demo Shop" and print its
 * credentials (the only time the secret is shown) with a ready-made command that creates an
 * order, so a newcomer reaches a working payer page in one step.
 */
import type { AppDeps } from '../app-deps.js';
import { createDemoMerchant } from './commands/create-demo-merchant.js';
import type { NewMerchant } from './merchant-store.js';

/** The demo merchant; `GET /demo` finds it by its UPI address. */
export const DEMO_SHOP: NewMerchant = {
  name: 'Demo Shop',
  upi_vpa: 'demoshop@upi',
  upi_payee_name: 'Demo Shop',
  imps_account: '50100012345678',
  imps_account_name: 'Demo Shop',
  imps_ifsc: 'HDFC0000001',
  imps_bank_name: 'HDFC Bank',
  brand_color: '#0a7d5a',
};

export async function ensureDemoMerchant(
  deps: AppDeps,
  print: (text: string) => void = (text) => process.stderr.write(text),
): Promise<void> {
  if (!deps.config.demoMerchant) return;
  const created = await createDemoMerchant(deps, DEMO_SHOP);
  if (!created) return;
  deps.log.info('demo merchant created', { merchant_uid: created.merchant_uid });
  const env = `MERCHANT_UID=${created.merchant_uid} API_KEY=${created.api_key} API_SECRET=${created.api_secret}`;
  print(
    [
      '',
      '  Demo merchant created (sandbox). Its API secret is shown only now:',
      `    merchant_uid  ${created.merchant_uid}`,
      `    api_key       ${created.api_key}`,
      `    api_secret    ${created.api_secret}`,
      '',
      `  Open a demo checkout in a browser: ${deps.config.publicBaseUrl}/demo`,
      '',
      '  Or create a demo order as a merchant would (in another terminal):',
      `    ${env} SERVICE_URL=${deps.config.publicBaseUrl} npm run operator -- demo-order --amount 199.00`,
      '',
    ].join('\n'),
  );
}
