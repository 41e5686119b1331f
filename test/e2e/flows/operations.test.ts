/**
 * The service as an operator runs it: the quick start on a fresh data directory (demo merchant,
 * printed credentials and ready-made command), the operator CLI, a clean SIGTERM shutdown and a
 * restart on the same store, and a clear refusal of bad configuration.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { decodeQr } from '../support/page-checks.js';
import { freePort, ROOT_DIR, sleep } from '../support/service-process.js';

const CLI = join(ROOT_DIR, 'dist', 'server', 'server', 'operator', 'cli.js');
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-operations-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

async function start(env: Record<string, string> = {}, root = ROOT_DIR): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'dist', 'server', 'server', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url, output: () => text, exited };
}

async function ready(service: Started): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (service.child.exitCode !== null) throw new Error(`exited early:\n${service.output()}`);
    if (service.output().includes('Service ready at')) return;
    await sleep(100);
  }
  throw new Error(`not ready:\n${service.output()}`);
}

function cli(url: string, args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [CLI, ...args], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', SERVICE_URL: url, DATA_DIR: dataDir, ...env },
  });
}

describe('running the service', () => {
  let paymentUrl = '';

  it('starts on a fresh data directory with a demo merchant and a ready-made order command', async () => {
    const service = await start();
    await ready(service);
    const output = service.output();
    expect(output).toContain('Demo merchant created');
    // A sandbox left running must show at once: in the banner and in /readyz.
    expect(output).toContain('Mode: sandbox (payments can be simulated');
    expect(await (await fetch(`${service.url}/readyz`)).json()).toMatchObject({
      status: 'ready',
      mode: 'sandbox',
    });
    const command =
      /(MERCHANT_UID=\S+) (API_KEY=\S+) (API_SECRET=\S+) SERVICE_URL=\S+ npm run operator -- demo-order --amount 199\.00/.exec(
        output,
      );
    expect(command).not.toBeNull();
    const env = Object.fromEntries(
      command?.slice(1, 4).map((pair) => pair.split('=') as [string, string]) ?? [],
    );
    const created = await cli(service.url, ['demo-order', '--amount', '199.00'], env);
    const answer = JSON.parse(created.stdout);
    expect(answer.result).toBe('success');
    expect(answer.data.payment.final_amount).toBe('199.00');
    paymentUrl = answer.data.payment_url;
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');

    const merchant = JSON.parse(
      (await cli(service.url, ['merchant:create', '--name', 'CLI Shop', '--upi-vpa', 'clishop@ybl'])).stdout,
    );
    expect(merchant.data).toMatchObject({ merchant: { name: 'CLI Shop', upi_vpa: 'clishop@ybl' } });
    const credit = JSON.parse(
      (await cli(service.url, ['credit:post', '--utr', '612345678901', '--amount', '5.00'])).stdout,
    );
    expect(credit.data).toMatchObject({ utr: '612345678901', amount: '5.00', outcome: 'waiting' });
    const uid = paymentUrl.split('/').pop() as string;
    const shown = JSON.parse((await cli(service.url, ['order:show', uid])).stdout);
    expect(shown.data).toMatchObject({
      payment_uid: uid,
      payment_status: 'pending',
      history: [{ to_status: 'pending', cause: 'created' }],
    });
    await expect(
      cli(service.url, ['order:show', uid], { OPERATOR_TOKEN: 'wrong-token-0123456789' }),
    ).rejects.toMatchObject({ code: 1 });

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('service stopped');
  });

  it('restarts on the same store with its orders and without a second demo merchant', async () => {
    const service = await start();
    await ready(service);
    expect(service.output()).not.toContain('Demo merchant created');
    const uid = paymentUrl.split('/').pop() as string;
    const view = await fetch(`${service.url}/checkout/api/orders/${uid}`);
    expect(view.status).toBe(200);
    expect((await view.json()).data.amount).toBe('199.00');
    const merchants = JSON.parse((await cli(service.url, ['merchant:list'])).stdout);
    expect(merchants.data.map((m: { name: string }) => m.name).sort()).toEqual(['CLI Shop', 'Demo Shop']);
    service.child.kill('SIGINT');
    expect(await service.exited).toBe(0);
  });

  it('refuses bad configuration at start-up, naming the variable', async () => {
    const service = await start({ PORT: 'not-a-port' });
    expect(await service.exited).toBe(1);
    expect(service.output()).toMatch(/Configuration error:[\s\S]*PORT/);
    const production = await start({ MODE: 'production' });
    expect(await production.exited).toBe(1);
    expect(production.output()).toContain('SECRET_KEY: required in production mode');
  });
});

describe('a copy with production packages only', () => {
  const browser = useBrowser();
  const copy = mkdtempSync(join(tmpdir(), 'e2e-omit-dev-'));
  const copyData = join(copy, 'data');
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('runs from dist/ after npm ci --omit=dev, and its printed demo link shows a payer page with a QR', async () => {
    for (const file of ['package.json', 'package-lock.json', 'dist'])
      cpSync(join(ROOT_DIR, file), join(copy, file), { recursive: true });
    await run(
      'npm',
      ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      {
        cwd: copy,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
      },
    );
    // The page's packages are for building it only.
    for (const name of ['preact', 'qrcode', 'ky', 'vite'])
      await expect(run('node', ['-e', `require.resolve('${name}')`], { cwd: copy })).rejects.toBeTruthy();

    const service = await start({ DATA_DIR: copyData }, copy);
    await ready(service);
    const link = /Demo checkout: (\S+)/.exec(service.output())?.[1];
    expect(link).toBe(`${service.url}/demo`);
    const page = await (await browser.desktop()).newPage();
    await page.goto(link as string);
    expect(page.url()).toMatch(new RegExp(`^${service.url}/checkout/[0-9a-f-]{36}$`));
    const qr = page.getByRole('img', { name: /QR code to pay ₹199.00 to Demo Shop/ });
    await qr.waitFor();
    expect(await decodeQr(qr)).toMatch(/^upi:\/\/pay\?pa=demoshop@upi&/);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});
