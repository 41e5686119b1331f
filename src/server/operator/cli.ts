/**
 * The operator's command-line tool: a thin client of the running service's operator API
 * (plus `demo-order`, which signs an order request as a merchant would). Prints JSON.
 *
 *   npm run operator -- <command> [args] [--flag value]
 *
 * SERVICE_URL (default http://localhost:8080) and OPERATOR_TOKEN (default: DATA_DIR/operator-token).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signFields } from '../gateway/signature.js';

const USAGE = `Usage: npm run operator -- <command> [args] [--flags]

Merchants
  merchant:create --name NAME [--upi-vpa shop@bank] [--upi-payee-name N] [--imps-account DIGITS]
                  [--imps-account-name N] [--imps-ifsc IFSC] [--imps-bank-name N] [--embed-origin URL]...
                  [--brand-color #rrggbb] [--upi-min 1.00] [--upi-max 100000.00] [--imps-min ..] [--imps-max ..]
                  [--upi-mc 5411] [--upi-purpose 00] [--support-contact help@shop.example]
  merchant:profile UID [--upi-mc 5411|''] [--upi-purpose 00|''] [--support-contact TEXT|'']
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
Credit sources
  source:create --merchant UID --account VPA_OR_ACCOUNT --kind sms|statement|api --name NAME
  source:list [--merchant UID] | source:revoke SOURCE_ID
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
];

const env = process.env;
const serviceUrl = (env.SERVICE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

function operatorToken(): string {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN;
  const path = join(env.DATA_DIR ?? './data', 'operator-token');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  throw new Error('set OPERATOR_TOKEN (or run from the folder whose data/ holds operator-token)');
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<unknown> {
  const response = await fetch(`${serviceUrl}/operator/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${operatorToken()}`,
      ...(body === undefined ? {} : { 'Content-Type': contentType }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok) process.exitCode = 1;
  return answer;
}

async function demoOrder(flags: Record<string, string | boolean | string[] | undefined>): Promise<unknown> {
  const { MERCHANT_UID: merchantUid, API_KEY: apiKey, API_SECRET: apiSecret } = env;
  if (!merchantUid || !apiKey || !apiSecret)
    throw new Error('demo-order needs MERCHANT_UID, API_KEY and API_SECRET');
  const body: Record<string, string> = {
    transaction_type: 'income',
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
  const signature = signFields(apiSecret, body);
  const response = await fetch(`${serviceUrl}/gateway/api/order/new`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'OC-Key': apiKey, 'OC-Signature': signature },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: { payment_url?: string } };
  if (answer.data?.payment_url)
    process.stderr.write(`\n  Open the payer page: ${answer.data.payment_url}\n\n`);
  return answer;
}

/** Saves the embedded store's backup; for PostgreSQL the service answers with pg_dump guidance. */
async function backup(file: string): Promise<unknown> {
  const response = await fetch(`${serviceUrl}/operator/api/store/backup`, {
    headers: { Authorization: `Bearer ${operatorToken()}` },
  });
  if (!response.ok || response.headers.get('content-type') !== 'application/gzip') {
    process.exitCode = 1;
    return (await response.json()) as unknown;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  writeFileSync(file, bytes, { mode: 0o600 });
  return {
    result: 'success',
    data: { file, bytes: bytes.length, restore: `RESTORE_FROM=${file} (into an empty DATA_DIR)` },
  };
}

async function run(argv: string[]): Promise<unknown> {
  const { positionals, values: flags } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      ...Object.fromEntries(STRING_FLAGS.map((name) => [name, { type: 'string' as const }])),
      'embed-origin': { type: 'string', multiple: true },
      unmatched: { type: 'boolean' },
      check: { type: 'boolean' },
    },
  });
  const [command, a, b] = positionals;
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new Error(`missing ${what}\n\n${USAGE}`);
    return value;
  };
  switch (command) {
    case 'merchant:create': {
      const fields = MERCHANT_FLAGS;
      const body: Record<string, unknown> = {};
      for (const name of fields) if (flag(name) !== undefined) body[name.replaceAll('-', '_')] = flag(name);
      if (flags['embed-origin']) body.embed_origins = flags['embed-origin'];
      return call('POST', '/merchants', body);
    }
    case 'merchant:profile': {
      const body: Record<string, unknown> = {};
      for (const name of PROFILE_FLAGS)
        if (flag(name) !== undefined) body[name.replaceAll('-', '_')] = flag(name);
      return call('PATCH', `/merchants/${need(a, 'UID')}`, body);
    }
    case 'merchant:list':
      return call('GET', '/merchants');
    case 'merchant:show':
      return call('GET', `/merchants/${need(a, 'UID')}`);
    case 'merchant:disable':
    case 'merchant:enable':
      return call('POST', `/merchants/${need(a, 'UID')}/${command.split(':')[1]}`);
    case 'key:issue':
      return call('POST', `/merchants/${need(a, 'UID')}/keys`);
    case 'key:revoke':
      return call('DELETE', `/merchants/${need(a, 'UID')}/keys/${need(b, 'KEY')}`);
    case 'blacklist:add':
      return call('POST', `/merchants/${need(a, 'UID')}/blacklist`, { from_name: need(b, 'FROM_NAME') });
    case 'blacklist:remove':
      return call(
        'DELETE',
        `/merchants/${need(a, 'UID')}/blacklist/${encodeURIComponent(need(b, 'FROM_NAME'))}`,
      );
    case 'credit:post':
      return call('POST', '/credits', {
        utr: need(flag('utr'), '--utr'),
        amount: need(flag('amount'), '--amount'),
        ...(flag('payee') ? { payee: flag('payee') } : {}),
        ...(flag('payer-name') ? { payer_name: flag('payer-name') } : {}),
      });
    case 'credit:import': {
      const query = new URLSearchParams();
      for (const [name, param] of [
        ['profile', 'profile'],
        ['format', 'format'],
        ['source', 'source_id'],
      ] as const) {
        if (flag(name)) query.set(param, flag(name) as string);
      }
      return call('POST', `/credits/import?${query}`, readFileSync(need(a, 'FILE'), 'utf8'), 'text/csv');
    }
    case 'credit:list': {
      const query = new URLSearchParams();
      if (flags.unmatched) query.set('unmatched', 'true');
      if (flag('state')) query.set('state', flag('state') as string);
      if (flag('merchant')) query.set('merchant_uid', flag('merchant') as string);
      if (flag('source')) query.set('source_id', flag('source') as string);
      return call('GET', `/credits?${query}`);
    }
    case 'credit:sms':
      return call('POST', '/credits/sms', {
        source_id: need(flag('source'), '--source'),
        text: need(flag('text'), '--text'),
        ...(flag('sender') ? { sender: flag('sender') } : {}),
      });
    case 'credit:fix':
      return call('POST', `/credits/texts/${need(a, 'TEXT_ID')}/fix`, {
        utr: need(flag('utr'), '--utr'),
        amount: need(flag('amount'), '--amount'),
        note: need(flag('note'), '--note'),
        ...(flag('payer-name') ? { payer_name: flag('payer-name') } : {}),
      });
    case 'credit:match':
      return call('POST', `/credits/${need(a, 'CREDIT_ID')}/match`, {
        payment_uid: need(b, 'PAYMENT_UID'),
        note: need(flag('note'), '--note'),
      });
    case 'audit:list': {
      const query = new URLSearchParams();
      if (flag('action')) query.set('action', flag('action') as string);
      if (flag('subject')) query.set('subject', flag('subject') as string);
      return call('GET', `/audit?${query}`);
    }
    case 'source:create':
      return call('POST', '/credit-sources', {
        merchant_uid: need(flag('merchant'), '--merchant'),
        account: need(flag('account'), '--account'),
        kind: need(flag('kind'), '--kind'),
        name: need(flag('name'), '--name'),
      });
    case 'source:list':
      return call('GET', `/credit-sources${flag('merchant') ? `?merchant_uid=${flag('merchant')}` : ''}`);
    case 'source:revoke':
      return call('DELETE', `/credit-sources/${need(a, 'SOURCE_ID')}`);
    case 'order:list': {
      const query = new URLSearchParams();
      if (flag('merchant')) query.set('merchant_uid', flag('merchant') as string);
      if (flag('status')) query.set('status', flag('status') as string);
      return call('GET', `/orders?${query}`);
    }
    case 'order:show':
      return call('GET', `/orders/${need(a, 'PAYMENT_UID')}`);
    case 'order:status':
      return call('POST', `/orders/${need(a, 'PAYMENT_UID')}/status`, {
        status: need(b, 'STATUS'),
        ...(flag('reason') ? { reason: flag('reason') } : {}),
      });
    case 'callbacks:list':
      return call('GET', `/orders/${need(a, 'PAYMENT_UID')}/callbacks`);
    case 'callbacks:resend':
      return call('POST', `/orders/${need(a, 'PAYMENT_UID')}/callbacks/resend`);
    case 'operator:add':
      return call('POST', '/operators', { name: need(a, 'NAME') });
    case 'operator:list':
      return call('GET', '/operators');
    case 'operator:revoke':
      return call('DELETE', `/operators/${encodeURIComponent(need(a, 'NAME'))}`);
    case 'demo-order':
      return demoOrder(flags);
    case 'backup':
      return backup(need(a, 'FILE'));
    case 'migrate':
      return (await import('./store-commands.js')).migrateCommand(env, flags.check === true);
    default:
      process.stdout.write(USAGE);
      if (command && command !== 'help') process.exitCode = 2;
      return undefined;
  }
}

run(process.argv.slice(2)).then(
  (answer) => {
    if (answer !== undefined) process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
