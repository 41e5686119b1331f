/**
 * The operator CLI's commands, run in-process against the real app (its fetch is the app's
 * request): each command reaches its route with the fields the route expects, and the exit code
 * follows the answer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { type CliOutcome, runCli } from '../../../src/server/operator/cli-commands.js';
import { createTestApp, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';

let t: TestApp;
let app: ReturnType<typeof createApp>;
const dir = mkdtempSync(join(tmpdir(), 'operator-cli-'));
const notes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { ALLOW_PRIVATE_CALLBACKS: 'true' } });
  app = createApp(t.deps);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

function cli(args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  return runCli(args, {
    env: { SERVICE_URL: 'http://gateway.test/', OPERATOR_TOKEN, ...env },
    fetch: async (input, init) => app.request(String(input), init),
    note: (text) => notes.push(text),
  });
}

/** The answer's data, after checking the command succeeded. */
async function data<T = Record<string, unknown>>(args: string[], env?: Record<string, string>): Promise<T> {
  const outcome = await cli(args, env);
  expect(outcome, args.join(' ')).toMatchObject({ exitCode: 0, answer: { result: 'success' } });
  return (outcome.answer as { data: T }).data;
}

describe('the operator CLI', () => {
  it('manages merchants, keys and blacklists', async () => {
    const created = await data<{ merchant: { uid: string; name: string; upi_vpa: string }; api_key: string }>(
      [
        'merchant:create',
        '--name',
        'CLI Shop',
        '--upi-vpa',
        'clishop@ybl',
        '--upi-max',
        '5000.00',
        '--embed-origin',
        'https://clishop.example',
      ],
    );
    expect(created.merchant).toMatchObject({ name: 'CLI Shop', upi_vpa: 'clishop@ybl', upi_max: '5000.00' });
    const uid = created.merchant.uid;
    expect(await data(['merchant:profile', uid, '--support-contact', 'help@clishop.example'])).toMatchObject({
      support_contact: 'help@clishop.example',
    });
    const listed = await data<{ name: string }[]>(['merchant:list']);
    expect(listed.map((m) => m.name)).toContain('CLI Shop');
    expect(await data(['merchant:show', uid])).toMatchObject({
      uid,
      embed_origins: ['https://clishop.example'],
    });
    expect(await data(['merchant:disable', uid])).toMatchObject({ status: 'disabled' });
    expect(await data(['merchant:enable', uid])).toMatchObject({ status: 'active' });
    const key = await data<{ api_key: string }>(['key:issue', uid]);
    expect(await data(['key:revoke', uid, key.api_key])).toEqual({ api_key: key.api_key, status: 'revoked' });
    expect(await data(['blacklist:add', uid, 'Bad Payer/2'])).toEqual({
      merchant_uid: uid,
      from_name: 'Bad Payer/2',
    });
    expect(await data(['blacklist:remove', uid, 'Bad Payer/2'])).toEqual({ removed: true });
  });

  it('posts, replays, fixes, matches, lists and imports credits, and manages sources', async () => {
    const merchant = t.merchant.merchant_uid;
    const credit = await data(['credit:post', '--utr', '612345678901', '--amount', '5.00']);
    expect(credit).toMatchObject({ utr: '612345678901', amount: '5.00', outcome: 'waiting' });
    expect(await data<unknown[]>(['credit:list', '--unmatched'])).toHaveLength(1);
    const source = await data<{ source_id: string }>([
      'source:create',
      '--merchant',
      merchant,
      '--account',
      'chaipoint@okaxis',
      '--kind',
      'sms',
      '--name',
      'Shop phone',
    ]);
    expect(await data<unknown[]>(['source:list', '--merchant', merchant])).toHaveLength(1);
    const replayed = await data<{ text_id: string; outcome: string }>([
      'credit:sms',
      '--source',
      source.source_id,
      '--text',
      'hello, not a bank alert',
    ]);
    expect(replayed.outcome).toMatch(/unparsed|ignored/);
    const fixed = await cli([
      'credit:fix',
      replayed.text_id,
      '--utr',
      '612345678902',
      '--amount',
      '7.00',
      '--note',
      'read from the statement',
    ]);
    expect(fixed).toMatchObject({
      exitCode: 0,
      answer: {
        data: { outcome: 'credit', credit: { utr: '612345678902', amount: '7.00', state: 'waiting' } },
      },
    });
    const order = await (
      await t.signed('/gateway/api/order/new', {
        transaction_type: 'income',
        amount: '7.00',
        merchant_order_id: 'CLI-1',
        merchant_uid: merchant,
        response_type: 'json',
      })
    ).json();
    const paymentUid = order.data.payment.payment_uid as string;
    const waiting = await data<{ id: string; utr: string }[]>(['credit:list', '--state', 'waiting']);
    // The fixed text's credit is paid to the source's account: it waits for a claim or a match.
    const creditId = waiting.find((row) => row.utr === '612345678902')?.id;
    expect(creditId).toBeDefined();
    const matched = await cli([
      'credit:match',
      String(creditId),
      paymentUid,
      '--note',
      'payer sent the receipt',
    ]);
    expect(matched).toMatchObject({ exitCode: 0, answer: { result: 'success' } });
    expect(await data(['order:show', paymentUid])).toMatchObject({ payment_status: 'completed' });
    const statement = join(dir, 'statement.csv');
    writeFileSync(statement, 'Date,Narration,Amount,UTR\n23/11/2026,UPI credit,9.00,612345678903\n');
    const imported = await cli(['credit:import', statement, '--profile', 'generic', '--format', 'csv']);
    expect(imported).toMatchObject({
      exitCode: 0,
      answer: { data: { format: 'csv', profile: 'generic', lines: 1, summary: { waiting: 1 } } },
    });
    expect(await data(['audit:list', '--action', 'credit.match'])).toEqual([
      expect.objectContaining({ subject: `credit:${creditId}`, note: 'payer sent the receipt' }),
    ]);
    expect(
      await data([
        'source:senders',
        source.source_id,
        '--codes',
        'hdfcxy, ABCDEF',
        '--domains',
        'alerts.examplebank.in',
      ]),
    ).toMatchObject({ sender_codes: ['HDFCXY', 'ABCDEF'], sender_domains: ['alerts.examplebank.in'] });
    expect(await data(['source:senders', source.source_id, '--codes', ''])).toMatchObject({
      sender_codes: [],
      sender_domains: ['alerts.examplebank.in'],
    });
    expect(await data(['source:revoke', source.source_id])).toMatchObject({ status: 'revoked' });
  });

  it('shows orders, sets an outcome, lists and resends callbacks, and signs a demo order', async () => {
    const demo = await data<{ payment: { payment_uid: string } }>(['demo-order', '--amount', '12.00'], {
      MERCHANT_UID: t.merchant.merchant_uid,
      API_KEY: t.merchant.api_key,
      API_SECRET: t.merchant.api_secret,
    });
    const uid = demo.payment.payment_uid;
    expect(notes.join('')).toContain(`/checkout/${uid}`);
    expect(
      await data<{ payment_uid: string }[]>(['order:list', '--merchant', t.merchant.merchant_uid]),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ payment_uid: uid })]));
    expect(await data(['order:show', uid])).toMatchObject({ payment_uid: uid, amount: '12.00' });
    expect(await data(['order:status', uid, 'failed', '--reason', 'payer gave up'])).toMatchObject({
      payment_status: 'failed',
    });
    expect(await data(['callbacks:list', uid])).toMatchObject({ payment_uid: uid });
    const resend = await cli(['callbacks:resend', uid]);
    expect(resend).toMatchObject({ exitCode: 1, answer: { data: { error: 'no_notify_url' } } });
  });

  it('manages named operators and backs up the embedded store', async () => {
    const added = await data<{ name: string; token: string }>(['operator:add', 'asha']);
    expect(added.token.length).toBeGreaterThan(20);
    expect(await data<{ name: string }[]>(['operator:list'])).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'asha' })]),
    );
    expect(await data(['operator:revoke', 'asha'])).toEqual({ name: 'asha', status: 'revoked' });
    const file = join(dir, 'backup.tar.gz');
    const saved = await cli(['backup', file]);
    // An embedded store on disk answers the backup; one in memory or PostgreSQL answers how to back it up.
    if (saved.exitCode === 0) {
      expect(saved).toMatchObject({ answer: { data: { file } } });
      expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    } else {
      expect(saved).toMatchObject({ answer: { data: { error: 'invalid_request' } } });
    }
  });

  it('exits 1 on a refusal, 2 on an unknown command, and names a missing argument', async () => {
    expect(await cli(['order:show', 'no-such-order'])).toMatchObject({
      exitCode: 1,
      answer: { data: { error: 'not_found' } },
    });
    expect(await cli(['order:show', 'x'], { OPERATOR_TOKEN: 'wrong-token-0123456789' })).toMatchObject({
      exitCode: 1,
      answer: { data: { error: 'unauthorized' } },
    });
    expect(await cli(['no:such'])).toMatchObject({ exitCode: 2, text: expect.stringContaining('Usage:') });
    await expect(cli(['merchant:show'])).rejects.toThrow(/missing UID/);
  });

  it('lists proposals under dual control, and lets another operator approve or reject them', async () => {
    const dual = createApp({ ...t.deps, config: { ...t.deps.config, dualControl: true } });
    const run = (args: string[], token = OPERATOR_TOKEN) =>
      runCli(args, {
        env: { SERVICE_URL: 'http://gateway.test/', OPERATOR_TOKEN: token },
        fetch: async (input, init) => dual.request(String(input), init),
        note: (text) => notes.push(text),
      });
    const added = await data<{ token: string }>(['operator:add', 'meena']);
    const post = (utr: string) => run(['credit:post', '--utr', utr, '--amount', '3.00'], added.token);
    const first = await post('612345670001');
    expect(first).toMatchObject({ exitCode: 0, answer: { data: { state: 'awaiting_approval' } } });
    const second = await post('612345670002');
    const idOf = (outcome: CliOutcome) =>
      (outcome.answer as { data: { approval_id: string } }).data.approval_id;
    const listed = await run(['approval:list', '--state', 'awaiting_approval']);
    const ids = (listed.answer as { data: { approval_id: string }[] }).data.map((row) => row.approval_id);
    expect(ids).toEqual(expect.arrayContaining([idOf(first), idOf(second)]));
    expect(await run(['approval:approve', idOf(first)], added.token)).toMatchObject({ exitCode: 1 });
    expect(await run(['approval:approve', idOf(first), '--note', 'on the statement'])).toMatchObject({
      exitCode: 0,
      answer: { data: { state: 'approved', decided_by: 'root' } },
    });
    await expect(run(['approval:reject', idOf(second)])).rejects.toThrow(/missing --note/);
    expect(await run(['approval:reject', idOf(second), '--note', 'typo'])).toMatchObject({
      exitCode: 0,
      answer: { data: { state: 'rejected' } },
    });
  });
});
