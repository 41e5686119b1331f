/**
 * Every operation answers what /openapi.json says it answers: one walk through the whole app
 * (merchant, payer, ingest, operator, console and service routes, on a real store) calls each
 * operation, and parses each JSON answer with the schema its route documents for that status.
 * Parsing must succeed and drop nothing, so a field the code adds, renames or retypes without
 * its schema fails here. The walk must reach every operation that answers JSON.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import * as approvals from '../../../src/server/approvals/approval-api.js';
import * as payer from '../../../src/server/checkout-api/payer-api.js';
import * as consoleApi from '../../../src/server/console/console-api.js';
import * as contested from '../../../src/server/credits/contested-claims-api.js';
import * as credits from '../../../src/server/credits/credit-api.js';
import * as frozen from '../../../src/server/credits/frozen-credits-api.js';
import * as manualCredits from '../../../src/server/credits/manual-credit-api.js';
import * as gateway from '../../../src/server/gateway/gateway-api.js';
import { type ApiClient, apiClient } from '../../../src/server/http/api-client.js';
import { type ApiRoute, definitionOf } from '../../../src/server/http/api-route.js';
import { successEnvelope } from '../../../src/server/http/route-description.js';
import * as service from '../../../src/server/http/service-api.js';
import * as ledger from '../../../src/server/ledger/ledger-api.js';
import * as merchants from '../../../src/server/merchants/merchant-api.js';
import * as callbacks from '../../../src/server/notify/callback-api.js';
import * as operatorApi from '../../../src/server/operator/operator-api.js';
import * as orders from '../../../src/server/orders/order-api.js';
import * as batches from '../../../src/server/payouts/payout-batch-api.js';
import { RAZORPAYX_WEBHOOK } from '../../../src/server/payouts/razorpayx/razorpayx-webhook-api.js';
import * as portal from '../../../src/server/portal/portal-api.js';
import * as portalData from '../../../src/server/portal/portal-data-api.js';
import { createLifecycleApp, freshUtr, fund, UNLIMITED } from '../lifecycle/support/lifecycle-fixture.js';
import { DEMO_MERCHANT, expenseBody, incomeBody, OPERATOR_TOKEN, type TestApp } from '../support/test-app.js';
import { storeKind } from '../support/test-db.js';

/** The operator API's definitions, wherever their domain keeps them. */
const operator = { ...merchants, ...orders, ...manualCredits, ...operatorApi };

let t: TestApp;
let app: ReturnType<typeof createApp>;
const WEBHOOK_SECRET = 'webhook-secret-for-the-walk';

beforeAll(async () => {
  t = await createLifecycleApp({
    RAZORPAYX_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
    RAZORPAYX_KEY_SECRET: 'thisisnotarealsecret123',
    RAZORPAYX_ACCOUNT_NUMBER: '2323230041626905',
    RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Never called: no payout of the walk goes through RazorpayX.
    RAZORPAYX_API_URL: 'http://127.0.0.1:9',
  });
  app = createApp(t.deps, { payerLimits: UNLIMITED });
});
afterAll(async () => {
  await t.close();
});

/** Operations whose answers were checked, by id. */
const checked = new Set<string>();

/**
 * Checks an answer against what its route documents for its status, and gives its `data` (or the
 * whole JSON for an answer without the envelope).
 */
// biome-ignore lint/suspicious/noExplicitAny: the walk reads fields of the answers it checked
async function answer(route: ApiRoute, response: Response): Promise<any> {
  const text = await response.text();
  const documented = route.answers[response.status];
  expect(documented, `${route.id} answered ${response.status}: ${text}`).toBeDefined();
  const schema = documented?.data ? successEnvelope(documented.data) : documented?.json;
  if (!schema) return undefined;
  const body: unknown = JSON.parse(text);
  const parsed = z.safeParse(schema, body);
  expect(parsed.error, `${route.id} ${response.status}: ${text}`).toBeUndefined();
  expect(parsed.data, `${route.id} ${response.status}: fields its schema does not name`).toEqual(body);
  checked.add(route.id);
  return documented?.data ? (body as { data: unknown }).data : body;
}

const through = (prefix: string, headers: Record<string, string> = {}): ApiClient =>
  apiClient({
    baseUrl: '',
    prefix,
    headers: () => headers,
    fetch: async (url, init) => app.request(url, init),
  });

describe(`the documented answers (${storeKind})`, () => {
  it('are what every operation answers', async () => {
    const service_ = through('');
    const root = through('');
    const op = through('/operator/api', { Authorization: `Bearer ${OPERATOR_TOKEN}` });
    const shop = t.merchant;
    const signed = async (route: ApiRoute, body: Record<string, unknown>) =>
      answer(route, await t.signed(`${gateway.GATEWAY_API_PREFIX}${route.path}`, body));
    const order = async (overrides: Record<string, unknown> = {}) =>
      (await signed(gateway.CREATE_ORDER, incomeBody(shop.merchant_uid, overrides))).payment
        .payment_uid as string;

    // The service's own routes.
    await answer(service.HEALTH, await service_(service.HEALTH, {}));
    await answer(service.READY, await service_(service.READY, {}));
    await answer(service.OPENAPI, await service_(service.OPENAPI, {}));

    // The merchant API.
    const paid = await order({ amount: '100.00' });
    await signed(gateway.QUERY_ORDER, { merchant_order_id: (await findById(paid)).merchant_order_id });
    await signed(gateway.MERCHANT_BALANCE, { merchant_uid: shop.merchant_uid });

    // The payer's page: the view (and 304), a claim, the sandbox's simulated payment.
    const view = await root(payer.PAYER_ORDER, { params: { payment_uid: paid } });
    const etag = view.headers.get('etag') ?? '';
    await answer(payer.PAYER_ORDER, view);
    await answer(
      payer.PAYER_ORDER,
      await root(payer.PAYER_ORDER, { params: { payment_uid: paid }, headers: { 'If-None-Match': etag } }),
    );
    const paidUtr = freshUtr();
    await answer(
      payer.CLAIM_UTR,
      await root(payer.CLAIM_UTR, { body: { payment_uid: paid, serial_number: paidUtr } }),
    );
    await answer(
      payer.SIMULATE_PAYMENT,
      await root(payer.SIMULATE_PAYMENT, { params: { payment_uid: await order() } }),
    );

    // Merchants, their keys and blacklists.
    const created = await answer(
      operator.CREATE_MERCHANT,
      await op(operator.CREATE_MERCHANT, {
        body: { name: 'Second Shop', upi_vpa: 'secondshop@okhdfc', upi_payee_name: 'Second Shop' },
      }),
    );
    const uid = created.merchant.uid as string;
    await answer(operator.LIST_MERCHANTS, await op(operator.LIST_MERCHANTS, {}));
    await answer(operator.SHOW_MERCHANT, await op(operator.SHOW_MERCHANT, { params: { uid } }));
    await answer(
      operator.UPDATE_MERCHANT,
      await op(operator.UPDATE_MERCHANT, { params: { uid }, body: { brand_color: '#0a7d5a' } }),
    );
    const issued = await answer(operator.ISSUE_KEY, await op(operator.ISSUE_KEY, { params: { uid } }));
    await answer(
      operator.REVOKE_KEY,
      await op(operator.REVOKE_KEY, { params: { uid, key: issued.api_key }, body: { note: 'rotated' } }),
    );
    await answer(operator.DISABLE_MERCHANT, await op(operator.DISABLE_MERCHANT, { params: { uid } }));
    await answer(operator.ENABLE_MERCHANT, await op(operator.ENABLE_MERCHANT, { params: { uid } }));
    await answer(
      operator.ADD_TO_BLACKLIST,
      await op(operator.ADD_TO_BLACKLIST, { params: { uid }, body: { from_name: 'Mallory' } }),
    );
    await answer(consoleApi.MERCHANT_BLACKLIST, await op(consoleApi.MERCHANT_BLACKLIST, { params: { uid } }));
    await answer(
      operator.REMOVE_FROM_BLACKLIST,
      await op(operator.REMOVE_FROM_BLACKLIST, { params: { uid, from_name: 'Mallory' } }),
    );

    // Credits: posted (new and again), one without a payee confirmed, a lost claim.
    const credit = { utr: paidUtr, amount: '100.00', payee: DEMO_MERCHANT.upi_vpa ?? '' };
    await answer(operator.POST_CREDIT, await op(operator.POST_CREDIT, { body: credit }));
    await answer(operator.POST_CREDIT, await op(operator.POST_CREDIT, { body: credit }));
    const waiting = await order({ amount: '20.00' });
    const waitingUtr = freshUtr();
    await root(payer.CLAIM_UTR, { body: { payment_uid: waiting, serial_number: waitingUtr } });
    const unplaced = await answer(
      operator.POST_CREDIT,
      await op(operator.POST_CREDIT, { body: { utr: waitingUtr, amount: '20.00' } }),
    );
    expect(unplaced.outcome).toBe('waiting');
    await answer(
      operator.CONFIRM_CREDIT,
      await op(operator.CONFIRM_CREDIT, { params: { utr: waitingUtr }, body: { payment_uid: waiting } }),
    );
    expect(
      (await root(payer.CLAIM_UTR, { body: { payment_uid: await order(), serial_number: paidUtr } })).status,
    ).toBe(409);
    await answer(operator.LOST_CLAIMS, await op(operator.LOST_CLAIMS, { query: { utr: paidUtr } }));
    // That claim came after the credit completed an order of the same amount: a contested case.
    const cases = await answer(
      contested.LIST_CONTESTED_CLAIMS,
      await op(contested.LIST_CONTESTED_CLAIMS, { query: { limit: '5' } }),
    );
    expect(cases.map((c: { utr: string }) => c.utr)).toContain(paidUtr);
    await answer(
      contested.RESOLVE_CONTESTED_CLAIM,
      await op(contested.RESOLVE_CONTESTED_CLAIM, {
        params: { utr: paidUtr },
        body: { payment_uid: paid, note: 'the payer showed the receipt' },
      }),
    );

    // Money controls: the ledger check and the credits a statement contradicted.
    await answer(ledger.CHECK_LEDGER, await op(ledger.CHECK_LEDGER, {}));
    await answer(frozen.LIST_FROZEN_CREDITS, await op(frozen.LIST_FROZEN_CREDITS, { query: { limit: '5' } }));

    // Orders: the list, one order, a payout's outcome.
    await answer(operator.LIST_ORDERS, await op(operator.LIST_ORDERS, { query: { limit: '5' } }));
    await answer(operator.SHOW_ORDER, await op(operator.SHOW_ORDER, { params: { payment_uid: paid } }));
    const payout = await signed(gateway.CREATE_ORDER, expenseBody(shop.merchant_uid, { amount: '10.00' }));
    await answer(
      operator.SET_ORDER_STATUS,
      await op(operator.SET_ORDER_STATUS, {
        params: { payment_uid: payout.payment.payment_uid },
        body: { status: 'completed' },
      }),
    );

    // Payouts by bank file: prepared by one operator, approved by another, uploaded.
    const asha = await answer(
      operator.ADD_OPERATOR,
      await op(operator.ADD_OPERATOR, { body: { name: 'asha' } }),
    );
    const byAsha = through('/operator/api', { Authorization: `Bearer ${asha.token}` });
    const account = '50200012340001';
    const bankFile = await t.addMerchant({
      name: 'Ludo King',
      imps_account: account,
      imps_ifsc: 'HDFC0001234',
    });
    await fund(t, bankFile, '500.00');
    await op(operator.UPDATE_MERCHANT, {
      params: { uid: bankFile.merchant_uid },
      body: { payout_channel: 'bank_file' },
    });
    await answer(
      gateway.CREATE_ORDER,
      await t.signed('/gateway/api/order/new', expenseBody(bankFile.merchant_uid), { key: bankFile }),
    );
    await answer(batches.LIST_PAYOUT_BATCHES, await op(batches.LIST_PAYOUT_BATCHES, {}));
    const { batch } = await answer(
      batches.PREPARE_PAYOUT_BATCH,
      await op(batches.PREPARE_PAYOUT_BATCH, { body: { account, ifsc: 'HDFC0001234', mode: 'NEFT' } }),
    );
    const batchId = { batch_id: batch.batch_id as string };
    await answer(batches.SHOW_PAYOUT_BATCH, await op(batches.SHOW_PAYOUT_BATCH, { params: batchId }));
    await answer(
      batches.APPROVE_PAYOUT_BATCH,
      await byAsha(batches.APPROVE_PAYOUT_BATCH, { params: batchId }),
    );
    await answer(
      batches.MARK_PAYOUT_BATCH_UPLOADED,
      await op(batches.MARK_PAYOUT_BATCH_UPLOADED, { params: batchId }),
    );
    await answer(batches.PAYOUTS_ATTENTION, await op(batches.PAYOUTS_ATTENTION, {}));

    // A RazorpayX webhook, signed, about a payout the service does not know.
    const event = JSON.stringify({
      entity: 'event',
      event: 'payout.processed',
      contains: ['payout'],
      payload: {
        payout: {
          entity: { id: 'pout_00000000000001', entity: 'payout', amount: 5000, status: 'processed' },
        },
      },
      created_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    await answer(
      RAZORPAYX_WEBHOOK,
      await root(RAZORPAYX_WEBHOOK, {
        text: event,
        contentType: 'application/json',
        headers: {
          'X-Razorpay-Signature': createHmac('sha256', WEBHOOK_SECRET).update(event).digest('hex'),
          'X-Razorpay-Event-Id': 'evt_walk0000000001',
        },
      }),
    );

    // Credit sources, alert texts and what operators do with them.
    const source = await answer(
      credits.CREATE_CREDIT_SOURCE,
      await op(credits.CREATE_CREDIT_SOURCE, {
        body: {
          merchant_uid: shop.merchant_uid,
          account: DEMO_MERCHANT.upi_vpa ?? '',
          kind: 'sms',
          name: 'Phone',
        },
      }),
    );
    await answer(
      credits.LIST_CREDIT_SOURCES,
      await op(credits.LIST_CREDIT_SOURCES, { query: { merchant_uid: shop.merchant_uid } }),
    );
    const unparsed = await answer(
      credits.REPLAY_TEXT,
      await op(credits.REPLAY_TEXT, {
        body: {
          source_id: source.source_id,
          text: 'Money Received - INR 30.00 in HDFC Bank A/c xx9012 from asha@ybl.',
        },
      }),
    );
    expect(unparsed.outcome).toBe('unparsed');
    const alert = (utr: string, amount: string) =>
      `Rs.${amount} credited to A/c XX9012 on 15-01-26 by VPA asha@ybl (UPI Ref No ${utr}). -HDFC Bank`;
    const replayed = await answer(
      credits.REPLAY_TEXT,
      await op(credits.REPLAY_TEXT, {
        body: { source_id: source.source_id, text: alert(freshUtr(), '31.00') },
      }),
    );
    expect(replayed.outcome).toBe('credit');
    const token = source.ingest_token as string;
    await answer(
      credits.INGEST_SMS,
      await root(credits.INGEST_SMS, {
        params: { token },
        text: JSON.stringify({ text: alert(freshUtr(), '32.00'), from: 'VM-HDFCBK' }),
        contentType: 'application/json',
      }),
    );
    const email = ['From: alerts@hdfcbank.net', 'Subject: Credit', '', alert(freshUtr(), '33.00'), ''].join(
      '\r\n',
    );
    await answer(
      credits.INGEST_EMAIL,
      await root(credits.INGEST_EMAIL, { params: { token }, text: email, contentType: 'message/rfc822' }),
    );
    const bearer = through('', { Authorization: `Bearer ${token}` });
    await answer(
      credits.INGEST_SMS_BEARER,
      await bearer(credits.INGEST_SMS_BEARER, {
        text: JSON.stringify({ text: alert(freshUtr(), '34.00'), from: 'VM-HDFCBK' }),
        contentType: 'application/json',
      }),
    );
    await answer(
      credits.INGEST_EMAIL_BEARER,
      await bearer(credits.INGEST_EMAIL_BEARER, {
        text: ['From: alerts@hdfcbank.net', 'Subject: Credit', '', alert(freshUtr(), '35.00'), ''].join(
          '\r\n',
        ),
        contentType: 'message/rfc822',
      }),
    );
    // A bank integration's credit source posts credits with its own token.
    const apiSource = await answer(
      credits.CREATE_CREDIT_SOURCE,
      await op(credits.CREATE_CREDIT_SOURCE, {
        body: {
          merchant_uid: shop.merchant_uid,
          account: DEMO_MERCHANT.upi_vpa ?? '',
          kind: 'api',
          name: 'Bank API',
        },
      }),
    );
    await answer(
      credits.INGEST_CREDIT,
      await root(credits.INGEST_CREDIT, {
        body: { utr: freshUtr(), amount: '34.00' },
        headers: { Authorization: `Bearer ${apiSource.ingest_token}` },
      }),
    );
    await answer(credits.INGEST_HEARTBEAT, await root(credits.INGEST_HEARTBEAT, { params: { token } }));
    await answer(
      credits.INGEST_HEARTBEAT_BEARER,
      await root(credits.INGEST_HEARTBEAT_BEARER, { headers: { Authorization: `Bearer ${token}` } }),
    );
    await answer(credits.LIST_CREDITS, await op(credits.LIST_CREDITS, { query: { limit: '50' } }));
    const fixable = await order({ amount: '30.00' });
    const fixUtr = freshUtr();
    await root(payer.CLAIM_UTR, { body: { payment_uid: fixable, serial_number: fixUtr } });
    await answer(
      credits.FIX_TEXT,
      await op(credits.FIX_TEXT, {
        params: { text_id: unparsed.text_id },
        body: { utr: fixUtr, amount: '30.00', note: 'read from the statement' },
      }),
    );
    const aside = await answer(
      credits.REPLAY_TEXT,
      await op(credits.REPLAY_TEXT, {
        body: { source_id: source.source_id, text: 'Money Received - INR 29.00 in HDFC Bank A/c xx9012.' },
      }),
    );
    await answer(
      credits.DISMISS_TEXT,
      await op(credits.DISMISS_TEXT, { params: { text_id: aside.text_id }, body: { note: 'paid in cash' } }),
    );
    const matchable = await order({ amount: '31.00' });
    await answer(
      credits.MATCH_CREDIT,
      await op(credits.MATCH_CREDIT, {
        params: { credit_id: String(replayed.credit.id) },
        body: { payment_uid: matchable, note: 'payer called with the receipt' },
      }),
    );
    // Two alert credits the statement below contradicts (frozen): one released, one returned.
    const [toRelease, toReturn] = [freshUtr(), freshUtr()];
    const frozenCredits: string[] = [];
    for (const utr of [toRelease, toReturn]) {
      const text = await answer(
        credits.REPLAY_TEXT,
        await op(credits.REPLAY_TEXT, { body: { source_id: source.source_id, text: alert(utr, '36.00') } }),
      );
      frozenCredits.push(String(text.credit.id));
    }
    const statement = [
      'UTR,Amount,Payee,Payer_Name',
      `${freshUtr()},40.00,${DEMO_MERCHANT.upi_vpa},Ravi`,
      `${toRelease},3.60,${DEMO_MERCHANT.upi_vpa},Asha`,
      `${toReturn},3.60,${DEMO_MERCHANT.upi_vpa},Asha`,
      '12345,1,x,y',
      '',
    ];
    await answer(
      credits.IMPORT_STATEMENT,
      await op(credits.IMPORT_STATEMENT, { text: statement.join('\r\n'), contentType: 'text/csv' }),
    );
    const released = await answer(
      frozen.RELEASE_FROZEN_CREDIT,
      await op(frozen.RELEASE_FROZEN_CREDIT, {
        params: { credit_id: frozenCredits[0] ?? '' },
        body: { note: 'the bank corrected its statement' },
      }),
    );
    expect(released.hold).toBe('cleared');
    const returned = await answer(
      frozen.RETURN_CREDIT,
      await op(frozen.RETURN_CREDIT, {
        params: { credit_id: frozenCredits[1] ?? '' },
        body: { note: 'returned to the payer by NEFT' },
      }),
    );
    expect(returned.moved).toBe('suspense_to_payer');
    await answer(credits.LIST_AUDIT, await op(credits.LIST_AUDIT, { query: { limit: '100' } }));
    await answer(
      credits.UPDATE_CREDIT_SOURCE,
      await op(credits.UPDATE_CREDIT_SOURCE, {
        params: { source_id: source.source_id },
        body: { sender_codes: ['HDFCXY'], sender_domains: ['alerts.examplebank.in'] },
      }),
    );
    await answer(
      credits.REVOKE_CREDIT_SOURCE,
      await op(credits.REVOKE_CREDIT_SOURCE, { params: { source_id: source.source_id } }),
    );

    // Callbacks.
    await answer(
      callbacks.ORDER_CALLBACKS,
      await op(callbacks.ORDER_CALLBACKS, { params: { payment_uid: paid } }),
    );
    await answer(
      callbacks.RESEND_CALLBACK,
      await op(callbacks.RESEND_CALLBACK, { params: { payment_uid: paid } }),
    );
    await answer(callbacks.RECENT_CALLBACKS, await op(callbacks.RECENT_CALLBACKS, {}));

    // The console's screens and its session.
    await answer(consoleApi.TODAY, await op(consoleApi.TODAY, {}));
    await answer(consoleApi.ATTENTION, await op(consoleApi.ATTENTION, {}));
    await answer(consoleApi.ORDER_SEARCH, await op(consoleApi.ORDER_SEARCH, { query: { limit: '10' } }));
    const found = await answer(
      consoleApi.CONSOLE_SEARCH,
      await op(consoleApi.CONSOLE_SEARCH, { query: { q: paidUtr } }),
    );
    expect([found.orders.length, found.credits.length]).toEqual([1, 1]);
    await answer(
      consoleApi.ORDER_TIMELINE,
      await op(consoleApi.ORDER_TIMELINE, { params: { payment_uid: paid } }),
    );
    await answer(
      consoleApi.MERCHANT_LEDGER,
      await op(consoleApi.MERCHANT_LEDGER, { params: { uid: shop.merchant_uid } }),
    );
    const session = through('/console/api', { Origin: 'https://pay.test' });
    await answer(consoleApi.SESSION, await session(consoleApi.SESSION, {}));
    const signedIn = await session(consoleApi.SIGN_IN, { body: { token: OPERATOR_TOKEN } });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrf_token: csrf } = await answer(consoleApi.SIGN_IN, signedIn);
    await answer(consoleApi.SESSION, await session(consoleApi.SESSION, { headers: { Cookie: cookie } }));
    await answer(
      consoleApi.SIGN_OUT,
      await session(consoleApi.SIGN_OUT, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf } }),
    );

    // Dual control: a proposal (202), the queue, an approval by a second operator, a rejection.
    const dual = createApp({ ...t.deps, config: { ...t.deps.config, dualControl: true } });
    const dualAs = (token: string) =>
      apiClient({
        baseUrl: '',
        prefix: '/operator/api',
        headers: () => ({ Authorization: `Bearer ${token}` }),
        fetch: async (url, init) => dual.request(url, init),
      });
    const dualRoot = dualAs(OPERATOR_TOKEN);
    const proposedCredit = { utr: freshUtr(), amount: '7.00', payee: DEMO_MERCHANT.upi_vpa ?? '' };
    const proposal = await answer(
      operator.POST_CREDIT,
      await dualRoot(operator.POST_CREDIT, { body: proposedCredit }),
    );
    const again = await answer(
      operator.POST_CREDIT,
      await dualRoot(operator.POST_CREDIT, { body: { ...proposedCredit, utr: freshUtr() } }),
    );
    await answer(
      approvals.LIST_APPROVALS,
      await dualRoot(approvals.LIST_APPROVALS, { query: { state: 'awaiting_approval' } }),
    );
    await answer(
      approvals.APPROVE,
      await dualAs(asha.token)(approvals.APPROVE, { params: { approval_id: proposal.approval_id } }),
    );
    await answer(
      approvals.REJECT,
      await dualAs(asha.token)(approvals.REJECT, {
        params: { approval_id: again.approval_id },
        body: { note: 'not on the statement' },
      }),
    );

    // Named operators.
    await answer(operator.LIST_OPERATORS, await op(operator.LIST_OPERATORS, {}));
    await answer(operator.REVOKE_OPERATOR, await op(operator.REVOKE_OPERATOR, { params: { name: 'asha' } }));

    // The merchant portal: a user invited, the invitation opened, a session read and ended.
    await answer(
      portal.LIST_MERCHANT_USERS,
      await op(portal.LIST_MERCHANT_USERS, { params: { uid: shop.merchant_uid } }),
    );
    const invited = await answer(
      portal.INVITE_MERCHANT_USER,
      await op(portal.INVITE_MERCHANT_USER, {
        params: { uid: shop.merchant_uid },
        body: { email: 'docs@shop.in' },
      }),
    );
    const portalApi = through(portal.PORTAL_API_PREFIX, { Origin: 'https://pay.test' });
    const password = 'a long enough password';
    const inviteToken = new URL(invited.invite_url).hash.slice('#invite='.length);
    const opened = await portalApi(portal.ACCEPT_INVITE, { body: { token: inviteToken, password } });
    await answer(portal.ACCEPT_INVITE, opened);
    const portalSignIn = await portalApi(portal.PORTAL_SIGN_IN, {
      body: { email: 'docs@shop.in', password },
    });
    const portalCookie = (portalSignIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrf_token: portalCsrf } = await answer(portal.PORTAL_SIGN_IN, portalSignIn);
    await answer(
      portal.PORTAL_SESSION,
      await portalApi(portal.PORTAL_SESSION, { headers: { Cookie: portalCookie } }),
    );
    const mine = through(portal.PORTAL_API_PREFIX, {
      Origin: 'https://pay.test',
      Cookie: portalCookie,
      'X-CSRF-Token': portalCsrf,
    });
    await answer(portalData.PORTAL_ORDERS, await mine(portalData.PORTAL_ORDERS, { query: { q: paid } }));
    await answer(
      portalData.PORTAL_ORDER,
      await mine(portalData.PORTAL_ORDER, { params: { payment_uid: paid } }),
    );
    await answer(
      portalData.PORTAL_ORDER_CALLBACKS,
      await mine(portalData.PORTAL_ORDER_CALLBACKS, { params: { payment_uid: paid } }),
    );
    await answer(
      portalData.PORTAL_RESEND_CALLBACK,
      await mine(portalData.PORTAL_RESEND_CALLBACK, { params: { payment_uid: paid } }),
    );
    await answer(
      portalData.PORTAL_RESEND_FAILED,
      await mine(portalData.PORTAL_RESEND_FAILED, { body: { since: '2020-01-01T00:00:00Z' } }),
    );
    await answer(portalData.PORTAL_BALANCE, await mine(portalData.PORTAL_BALANCE, {}));
    const portalKey = await answer(
      portalData.PORTAL_CREATE_KEY,
      await mine(portalData.PORTAL_CREATE_KEY, {}),
    );
    // Port 9 (discard) on loopback: refused by the outbound guard or by the host, answered all the same.
    await answer(
      portalData.PORTAL_TEST_CALLBACK,
      await mine(portalData.PORTAL_TEST_CALLBACK, { body: { notify_url: 'http://127.0.0.1:9/hook' } }),
    );
    await answer(portalData.PORTAL_KEYS, await mine(portalData.PORTAL_KEYS, {}));
    await answer(
      portalData.PORTAL_REVOKE_KEY,
      await mine(portalData.PORTAL_REVOKE_KEY, { params: { key: portalKey.api_key } }),
    );
    await answer(portalData.PORTAL_SETTINGS, await mine(portalData.PORTAL_SETTINGS, {}));
    await answer(
      portalData.PORTAL_UPDATE_SETTINGS,
      await mine(portalData.PORTAL_UPDATE_SETTINGS, { body: { callback_statuses: 'all' } }),
    );
    await answer(portalData.PORTAL_TEAM, await mine(portalData.PORTAL_TEAM, {}));
    const colleague = await answer(
      portalData.PORTAL_INVITE,
      await mine(portalData.PORTAL_INVITE, { body: { email: 'colleague@shop.in' } }),
    );
    await answer(
      portalData.PORTAL_REMOVE_USER,
      await mine(portalData.PORTAL_REMOVE_USER, { params: { user_id: colleague.user_id } }),
    );
    await answer(
      portal.PORTAL_SIGN_OUT,
      await portalApi(portal.PORTAL_SIGN_OUT, {
        headers: { Cookie: portalCookie, 'X-CSRF-Token': portalCsrf },
      }),
    );

    // Every operation of the app that answers JSON was reached.
    const answersJson = new Set(
      app.routes
        .map((route) => definitionOf(route.handler))
        .filter((route): route is ApiRoute => route !== undefined)
        .filter((route) =>
          Object.values(route.answers).some((documented) => documented.data || documented.json),
        )
        .map((route) => route.id),
    );
    expect([...answersJson].filter((id) => !checked.has(id))).toEqual([]);
    expect(checked.size).toBeGreaterThan(45);
  });
});

async function findById(paymentUid: string): Promise<{ merchant_order_id: string }> {
  const response = await app.request(`/operator/api/orders/${paymentUid}`, {
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  return ((await response.json()) as { data: { merchant_order_id: string } }).data;
}
