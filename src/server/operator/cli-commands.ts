/**
 * The operator CLI's commands (`npm run operator -- <command>`), separate from cli.ts (the edge:
 * the process's environment, fetch and output) so that tests run them in-process against the
 * app. Each command calls a route through its own definition (http/api-client.ts): the paths,
 * parameters and body fields are the service's, checked by the compiler.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signFields } from '../../shared/signature.js';
import * as approvals from '../approvals/approval-api.js';
import * as credits from '../credits/credit-api.js';
import { LIST_FROZEN_CREDITS } from '../credits/frozen-credits-api.js';
import { POST_CREDIT } from '../credits/manual-credit-api.js';
import { CREATE_ORDER, GATEWAY_API_PREFIX } from '../gateway/gateway-api.js';
import { type ApiClient, apiClient, type CallInput } from '../http/api-client.js';
import type { ApiRoute } from '../http/api-route.js';
import { CHECK_LEDGER } from '../ledger/ledger-api.js';
import * as merchants from '../merchants/merchant-api.js';
import { ORDER_CALLBACKS, RESEND_CALLBACK } from '../notify/callback-api.js';
import { LIST_ORDERS, SET_ORDER_STATUS, SHOW_ORDER } from '../orders/order-api.js';
import * as operators from './operator-api.js';

export const USAGE = `Usage: npm run operator -- <command> [args] [--flags]

Merchants
  merchant:create --name NAME [--upi-vpa shop@bank] [--upi-payee-name N] [--imps-account DIGITS]
                  [--imps-account-name N] [--imps-ifsc IFSC] [--imps-bank-name N] [--embed-origin URL]...
                  [--brand-color #rrggbb] [--upi-min 1.00] [--upi-max 100000.00] [--imps-min ..] [--imps-max ..]
                  [--upi-mc 5411] [--upi-purpose 00] [--support-contact help@shop.example]
  merchant:profile UID [--upi-mc 5411|''] [--upi-purpose 00|''] [--support-contact TEXT|'']
  merchant:callbacks UID all|final   (which status changes are called back; final: completed, reject,
                                      refund, failed, overdue only)
  merchant:list | merchant:show UID | merchant:disable UID | merchant:enable UID
  key:issue UID | key:revoke UID KEY
  blacklist:add UID FROM_NAME | blacklist:remove UID FROM_NAME
Money
  credit:post --utr UTR --amount 100.00 [--payee VPA] [--payer-name NAME]
  credit:import FILE [--profile sbi|hdfc|icici|axis|generic] [--format csv|mt940|camt.053] [--source ID]
  credit:list [--state matched,waiting,conflict,unparsed,ignored] [--merchant UID] [--source ID] [--unmatched]
  credit:sms --source ID --text TEXT [--sender VM-HDFCBK]   (replay an alert text)
  credit:fix TEXT_ID --utr UTR --amount 100.00 --note WHY [--payer-name NAME]
  credit:match CREDIT_ID PAYMENT_UID --note WHY
  audit:list [--action ACTION] [--subject SUBJECT]
  ledger:check                      (every ledger invariant; exits 1 when one has a difference)
  credit:frozen [--limit N]         (credits a bank statement line contradicted)
Approvals (dual control: another operator decides what one proposed)
  approval:list [--state awaiting_approval|approved|rejected|expired|failed]
  approval:approve APPROVAL_ID [--note TEXT] | approval:reject APPROVAL_ID --note WHY
Credit sources
  source:create --merchant UID --account VPA_OR_ACCOUNT --kind sms|statement|api --name NAME
  source:list [--merchant UID] | source:revoke SOURCE_ID
  source:senders SOURCE_ID [--codes HDFCBN,...] [--domains alerts.bank.in,...]  (accepted beside the bank's own; a list given replaces the source's, '' empties it)
Orders
  order:list [--merchant UID] [--status STATUS] | order:show PAYMENT_UID
  order:status PAYMENT_UID STATUS [--reason TEXT]   (payout outcome, refund)
  callbacks:list PAYMENT_UID | callbacks:resend PAYMENT_UID
Operators
  operator:add NAME (root token only; prints the new operator's token once) | operator:list | operator:revoke NAME
Store
  backup FILE                       (embedded store: a consistent copy; restore with RESTORE_FROM=FILE)
  migrate [--check]                 (opens the store itself: DATABASE_URL or DATA_DIR; --check applies nothing)
Sandbox
  demo-order [--amount 199.00] [--payterm UPI|IMPS]  (uses MERCHANT_UID, API_KEY, API_SECRET)
`;

/** The payer-facing profile fields `merchant:profile` changes (an empty value clears one). */
const PROFILE_FLAGS = ['upi-mc', 'upi-purpose', 'support-contact'];

/** The merchant fields `merchant:create` takes as --flags (snake_case in the API). */
const MERCHANT_FLAGS = [
  'name',
  'upi-vpa',
  'upi-payee-name',
  'imps-account',
  'imps-account-name',
  'imps-ifsc',
  'imps-bank-name',
  'brand-color',
  'upi-min',
  'upi-max',
  'imps-min',
  'imps-max',
  ...PROFILE_FLAGS,
];
const STRING_FLAGS = [
  ...MERCHANT_FLAGS,
  'utr',
  'amount',
  'payee',
  'payer-name',
  'merchant',
  'status',
  'reason',
  'payterm',
  'state',
  'source',
  'text',
  'sender',
  'note',
  'account',
  'kind',
  'action',
  'subject',
  'profile',
  'format',
  'limit',
  'codes',
  'domains',
];

export interface CliContext {
  /** SERVICE_URL, OPERATOR_TOKEN, DATA_DIR; MERCHANT_UID, API_KEY, API_SECRET for demo-order. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetch?: typeof fetch;
  /** A line for the person at the terminal (stderr). */
  readonly note?: (text: string) => void;
}

/** What a command prints (a JSON answer, or text) and the process's exit code. */
export interface CliOutcome {
  readonly answer?: unknown;
  readonly text?: string;
  readonly exitCode: number;
}

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

function operatorToken(env: CliContext['env']): string {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN;
  const path = join(env.DATA_DIR ?? './data', 'operator-token');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  throw new Error('set OPERATOR_TOKEN (or run from the folder whose data/ holds operator-token)');
}

/** The JSON answer, and exit code 1 when the service refused. */
async function answerOf(response: Promise<Response>): Promise<CliOutcome> {
  const answered = await response;
  return { answer: (await answered.json()) as unknown, exitCode: answered.ok ? 0 : 1 };
}

async function demoOrder(context: CliContext, baseUrl: string, flags: Flags): Promise<CliOutcome> {
  const { MERCHANT_UID: merchantUid, API_KEY: apiKey, API_SECRET: apiSecret } = context.env;
  if (!merchantUid || !apiKey || !apiSecret)
    throw new Error('demo-order needs MERCHANT_UID, API_KEY and API_SECRET');
  const body = {
    transaction_type: 'income' as const,
    amount: String(flags.amount ?? '199.00'),
    currency: 'inr',
    payterm: String(flags.payterm ?? 'UPI'),
    payment: 'india',
    merchant_order_id: `DEMO-${randomBytes(4).toString('hex').toUpperCase()}`,
    merchant_uid: merchantUid,
    // No redirect_url: a local service's own address (loopback) is refused as one, and a demo
    // payer has no shop to return to.
    response_type: 'json',
    country: 'India',
    accounting_type: 'receive',
  };
  const gateway = apiClient({
    baseUrl,
    prefix: GATEWAY_API_PREFIX,
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  const outcome = await answerOf(
    gateway(CREATE_ORDER, {
      body,
      headers: { 'OC-Key': apiKey, 'OC-Signature': signFields(apiSecret, body) },
    }),
  );
  const url = (outcome.answer as { data?: { payment_url?: string } }).data?.payment_url;
  if (url) context.note?.(`\n  Open the payer page: ${url}\n\n`);
  return outcome;
}

/** The ledger check: its answer, and exit code 1 when a check found a difference (or the call failed). */
async function ledgerCheck(operator: ApiClient): Promise<CliOutcome> {
  const response = await operator(CHECK_LEDGER, {});
  const answer = (await response.json()) as { data?: { ok?: unknown } };
  return { answer, exitCode: response.ok && answer.data?.ok === true ? 0 : 1 };
}

/** Saves the embedded store's backup; for PostgreSQL the service answers with pg_dump guidance. */
async function backup(operator: ApiClient, file: string): Promise<CliOutcome> {
  const response = await operator(operators.BACKUP, {});
  if (!response.ok || response.headers.get('content-type') !== 'application/gzip') {
    return { answer: (await response.json()) as unknown, exitCode: 1 };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  writeFileSync(file, bytes, { mode: 0o600 });
  return {
    answer: {
      result: 'success',
      data: { file, bytes: bytes.length, restore: `RESTORE_FROM=${file} (into an empty DATA_DIR)` },
    },
    exitCode: 0,
  };
}

export async function runCli(argv: readonly string[], context: CliContext): Promise<CliOutcome> {
  const { positionals, values: flags } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: false,
    options: {
      ...Object.fromEntries(STRING_FLAGS.map((name) => [name, { type: 'string' as const }])),
      'embed-origin': { type: 'string', multiple: true },
      unmatched: { type: 'boolean' },
      check: { type: 'boolean' },
    },
  });
  const baseUrl = (context.env.SERVICE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  const operator = apiClient({
    baseUrl,
    prefix: operators.OPERATOR_API_PREFIX,
    headers: () => ({ Authorization: `Bearer ${operatorToken(context.env)}` }),
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  const [command, a, b] = positionals;
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`missing ${what}\n\n${USAGE}`);
    return value;
  };
  /** A --flag the command cannot do without. */
  const needFlag = (name: string) => need(flag(name), `--${name}`);
  /** The --flags given among `names`, snake_case as the API names them. */
  const fields = (names: readonly string[]) =>
    Object.fromEntries(
      names.flatMap((name) => (flag(name) === undefined ? [] : [[name.replaceAll('-', '_'), flag(name)]])),
    );
  /** A comma-separated --flag as the API's list `field` ('' is the empty list); nothing when not given. */
  const listFlag = (name: string, field: string) => {
    const value = flag(name);
    if (value === undefined) return {};
    return { [field]: value.split(',').flatMap((item) => (item.trim() === '' ? [] : [item.trim()])) };
  };
  const call = <R extends ApiRoute>(route: R, input: CallInput<R>) => answerOf(operator(route, input));
  switch (command) {
    case 'merchant:create': {
      const origins = flags['embed-origin'];
      const body = {
        ...fields(MERCHANT_FLAGS),
        ...(Array.isArray(origins) ? { embed_origins: origins.map(String) } : {}),
      } as { name: string };
      return call(merchants.CREATE_MERCHANT, { body });
    }
    case 'merchant:profile':
      return call(merchants.UPDATE_MERCHANT, {
        params: { uid: need(a, 'UID') },
        body: fields(PROFILE_FLAGS),
      });
    case 'merchant:callbacks': {
      const setting = need(b, 'all|final');
      if (setting !== 'all' && setting !== 'final')
        throw new Error(`merchant:callbacks: all or final, not ${setting}`);
      return call(merchants.UPDATE_MERCHANT, {
        params: { uid: need(a, 'UID') },
        body: { callback_statuses: setting },
      });
    }
    case 'merchant:list':
      return call(merchants.LIST_MERCHANTS, {});
    case 'merchant:show':
      return call(merchants.SHOW_MERCHANT, { params: { uid: need(a, 'UID') } });
    case 'merchant:disable':
      return call(merchants.DISABLE_MERCHANT, { params: { uid: need(a, 'UID') } });
    case 'merchant:enable':
      return call(merchants.ENABLE_MERCHANT, { params: { uid: need(a, 'UID') } });
    case 'key:issue':
      return call(merchants.ISSUE_KEY, { params: { uid: need(a, 'UID') } });
    case 'key:revoke':
      return call(merchants.REVOKE_KEY, { params: { uid: need(a, 'UID'), key: need(b, 'KEY') } });
    case 'blacklist:add':
      return call(merchants.ADD_TO_BLACKLIST, {
        params: { uid: need(a, 'UID') },
        body: { from_name: need(b, 'FROM_NAME') },
      });
    case 'blacklist:remove':
      return call(merchants.REMOVE_FROM_BLACKLIST, {
        params: { uid: need(a, 'UID'), from_name: need(b, 'FROM_NAME') },
      });
    case 'credit:post':
      return call(POST_CREDIT, {
        body: {
          utr: needFlag('utr'),
          amount: needFlag('amount'),
          ...fields(['payee', 'payer-name']),
        },
      });
    case 'credit:import':
      return call(credits.IMPORT_STATEMENT, {
        query: { profile: flag('profile'), format: flag('format'), source_id: flag('source') },
        text: readFileSync(need(a, 'FILE'), 'utf8'),
        contentType: 'text/csv',
      });
    case 'credit:list':
      return call(credits.LIST_CREDITS, {
        query: {
          unmatched: flags.unmatched ? 'true' : undefined,
          state: flag('state'),
          merchant_uid: flag('merchant'),
          source_id: flag('source'),
        },
      });
    case 'credit:sms':
      return call(credits.REPLAY_TEXT, {
        body: {
          source_id: needFlag('source'),
          text: needFlag('text'),
          ...fields(['sender']),
        },
      });
    case 'credit:fix':
      return call(credits.FIX_TEXT, {
        params: { text_id: need(a, 'TEXT_ID') },
        body: {
          utr: needFlag('utr'),
          amount: needFlag('amount'),
          note: needFlag('note'),
          ...fields(['payer-name']),
        },
      });
    case 'credit:match':
      return call(credits.MATCH_CREDIT, {
        params: { credit_id: need(a, 'CREDIT_ID') },
        body: { payment_uid: need(b, 'PAYMENT_UID'), note: needFlag('note') },
      });
    case 'audit:list':
      return call(credits.LIST_AUDIT, { query: { action: flag('action'), subject: flag('subject') } });
    case 'approval:list':
      return call(approvals.LIST_APPROVALS, {
        query: { state: flag('state') as 'awaiting_approval' | undefined },
      });
    case 'approval:approve':
      return call(approvals.APPROVE, {
        params: { approval_id: need(a, 'APPROVAL_ID') },
        body: { note: flag('note') ?? '' },
      });
    case 'approval:reject':
      return call(approvals.REJECT, {
        params: { approval_id: need(a, 'APPROVAL_ID') },
        body: { note: needFlag('note') },
      });
    case 'source:create':
      return call(credits.CREATE_CREDIT_SOURCE, {
        body: {
          merchant_uid: needFlag('merchant'),
          account: needFlag('account'),
          kind: needFlag('kind') as 'sms',
          name: needFlag('name'),
        },
      });
    case 'source:list':
      return call(credits.LIST_CREDIT_SOURCES, { query: { merchant_uid: flag('merchant') } });
    case 'source:revoke':
      return call(credits.REVOKE_CREDIT_SOURCE, { params: { source_id: need(a, 'SOURCE_ID') } });
    case 'source:senders':
      return call(credits.UPDATE_CREDIT_SOURCE, {
        params: { source_id: need(a, 'SOURCE_ID') },
        body: { ...listFlag('codes', 'sender_codes'), ...listFlag('domains', 'sender_domains') },
      });
    case 'order:list':
      return call(LIST_ORDERS, { query: { merchant_uid: flag('merchant'), status: flag('status') } });
    case 'order:show':
      return call(SHOW_ORDER, { params: { payment_uid: need(a, 'PAYMENT_UID') } });
    case 'order:status':
      return call(SET_ORDER_STATUS, {
        params: { payment_uid: need(a, 'PAYMENT_UID') },
        body: { status: need(b, 'STATUS') as 'completed', ...fields(['reason']) },
      });
    case 'callbacks:list':
      return call(ORDER_CALLBACKS, { params: { payment_uid: need(a, 'PAYMENT_UID') } });
    case 'callbacks:resend':
      return call(RESEND_CALLBACK, { params: { payment_uid: need(a, 'PAYMENT_UID') } });
    case 'operator:add':
      return call(operators.ADD_OPERATOR, { body: { name: need(a, 'NAME') } });
    case 'operator:list':
      return call(operators.LIST_OPERATORS, {});
    case 'operator:revoke':
      return call(operators.REVOKE_OPERATOR, { params: { name: need(a, 'NAME') } });
    case 'demo-order':
      return demoOrder(context, baseUrl, flags);
    case 'ledger:check':
      return ledgerCheck(operator);
    case 'credit:frozen':
      return call(LIST_FROZEN_CREDITS, { query: { limit: flag('limit') } });
    case 'backup':
      return backup(operator, need(a, 'FILE'));
    case 'migrate':
      return {
        answer: await (await import('./store-commands.js')).migrateCommand(context.env, flags.check === true),
        exitCode: 0,
      };
    default:
      return { text: USAGE, exitCode: command && command !== 'help' ? 2 : 0 };
  }
}
