/**
 * Every merchant example (examples/<language>/run.sh) against the built service on a fresh store,
 * each with a merchant of its own provisioned through the operator API, so its balance checks are
 * exact. An example exits 0 only when each step worked: orders created, queried, paid in the
 * sandbox, callbacks received and verified, the signed return verified, the balance read.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newOperatorToken,
  ROOT_DIR,
  type ServiceProcess,
  startService,
} from '../e2e/support/service-process.js';

const LANGUAGES = [
  { name: 'python', tool: ['python3', '--version'] },
  { name: 'node', tool: ['node', '--version'] },
  { name: 'php', tool: ['php', '--version'] },
  { name: 'go', tool: ['go', 'version'] },
  { name: 'java', tool: ['java', '-version'] },
] as const;

let service: ServiceProcess;
let operatorToken: string;

beforeAll(async () => {
  operatorToken = newOperatorToken();
  service = await startService({ name: 'examples', operatorToken, payoutDelaySeconds: 1 });
});
afterAll(async () => {
  await service?.stop();
});

interface Merchant {
  readonly merchant_uid: string;
  readonly api_key: string;
  readonly api_secret: string;
}

async function operator<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.url}/operator/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${operatorToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { result: string; data: T };
  if (answer.result !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the merchant examples', () => {
  for (const language of LANGUAGES) {
    it(`${language.name}: every step of the integration works against the service`, async () => {
      const found = spawnSync(language.tool[0], language.tool.slice(1), { stdio: 'ignore' });
      expect(found.status, `${language.tool[0]} is missing: .ci/run installs it`).toBe(0);
      const merchant = await operator<Merchant>('POST', '/merchants', {
        name: `Example shop (${language.name})`,
        upi_vpa: `example-${language.name}@okaxis`,
      });
      const { code, output } = await run(join('examples', language.name, 'run.sh'), {
        SERVICE_URL: service.url,
        MERCHANT_UID: merchant.merchant_uid,
        API_KEY: merchant.api_key,
        API_SECRET: merchant.api_secret,
      });
      expect(code, output).toBe(0);
      for (const step of [
        'signing matches the documented examples',
        'a retry answered the same order',
        'received a verified completed callback',
        'verified the signed return to redirect_url, and refused a tampered one',
        'payout completed (verified callback), balance down by exactly 5.00',
      ]) {
        expect(output, output).toContain(step);
      }
      expect(output).not.toContain('not ok');
      const balance = await operator<{ balance: { inr: string } }>(
        'GET',
        `/merchants/${merchant.merchant_uid}`,
      );
      expect(balance.balance.inr).toBe('14.99');
    });
  }

  it("imports the built client as the package exports it ('upi-gateway/client') and reads a balance", async () => {
    const merchant = await operator<Merchant>('POST', '/merchants', { name: 'Client package' });
    const script = [
      "import { GatewayClient, verifyCallback, toPaise } from 'upi-gateway/client';",
      'const env = process.env;',
      'const client = new GatewayClient({ baseUrl: env.SERVICE_URL, merchantUid: env.MERCHANT_UID, apiKey: env.API_KEY, apiSecret: env.API_SECRET });',
      'const balance = await client.balance();',
      'console.log(JSON.stringify({ inr: toPaise(balance.inr), verify: typeof verifyCallback }));',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT_DIR,
      encoding: 'utf8',
      env: {
        ...process.env,
        SERVICE_URL: service.url,
        MERCHANT_UID: merchant.merchant_uid,
        API_KEY: merchant.api_key,
        API_SECRET: merchant.api_secret,
      },
    });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ inr: 0, verify: 'function' });
  });

  it('follow a return_url signed exactly as documented', async () => {
    // The examples verify the service's return_url with their own code; this checks the same URL
    // against the documented contract with code of its own, so both sides cannot drift together.
    const merchant = await operator<Merchant>('POST', '/merchants', {
      name: 'Return contract',
      upi_vpa: 'return-contract@okaxis',
    });
    const body: Record<string, string> = {
      transaction_type: 'income',
      amount: '10.00',
      merchant_order_id: `RET-${Date.now()}`,
      merchant_uid: merchant.merchant_uid,
      redirect_url: 'https://shop.example/back?cart=7',
      response_type: 'json',
    };
    const signedText = (fields: Record<string, string>) =>
      Object.keys(fields)
        .sort()
        .map((name) => `${name}=${fields[name]}`)
        .join('&');
    const hmac = (text: string) => createHmac('sha256', merchant.api_secret).update(text).digest('hex');
    const created = await fetch(`${service.url}/gateway/api/order/new`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'OC-Key': merchant.api_key,
        'OC-Signature': hmac(signedText(body)),
      },
      body: JSON.stringify(body),
    });
    const paymentUid = ((await created.json()) as { data: { payment: { payment_uid: string } } }).data.payment
      .payment_uid;
    const view = (await (await fetch(`${service.url}/checkout/api/orders/${paymentUid}`)).json()) as {
      data: Record<string, unknown>;
    };
    const returned = new URL(String(view.data.return_url));
    expect(`${returned.origin}${returned.pathname}`).toBe('https://shop.example/back');
    expect(returned.searchParams.get('cart')).toBe('7');
    const fields = {
      merchant_order_id: body.merchant_order_id ?? '',
      payment_status: returned.searchParams.get('payment_status') ?? '',
      payment_uid: paymentUid,
    };
    expect(returned.searchParams.get('merchant_order_id')).toBe(fields.merchant_order_id);
    expect(returned.searchParams.get('payment_uid')).toBe(paymentUid);
    expect(fields.payment_status).toBe('pending');
    expect(returned.searchParams.get('signature')).toBe(hmac(signedText(fields)));
  });
});
