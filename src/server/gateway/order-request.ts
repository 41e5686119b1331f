/**
 * The order creation request (docs/merchant-api.md, Create an order): one zod schema of the
 * wire form, which the route runs and the OpenAPI document describes, then cross-field rules
 * (docs/decisions/0002-open-points.md, Required fields and defaults).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { isHttpUrl } from '../../shared/http-url.js';
import { parseAmount } from '../../shared/money.js';
import type { AccountingType, Payterm, TransactionType } from '../../shared/order-status.js';
import { invalidField, missingField } from '../errors.js';
import { classifyAddress } from '../http/classify-address.js';
import { requiredFirst } from '../http/input-error.js';
import { oneLine } from '../http/one-line.js';

const httpUrl = z
  .string()
  .refine((value) => value === '' || isHttpUrl(value), 'must be an absolute http or https URL');

export const CreateOrderRequestSchema = z
  .looseObject({
    transaction_type: z.enum(['income', 'expense']),
    amount: z
      .string()
      .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be a positive decimal with at most two fraction digits'),
    merchant_order_id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ . -'),
    merchant_uid: z.string().min(1),
    currency: z
      .string()
      .regex(/^[Ii][Nn][Rr]$/, 'must be inr')
      .optional(),
    payterm: z
      .string()
      .regex(/^([Uu][Pp][Ii]|[Ii][Mm][Pp][Ss])$/, 'must be UPI or IMPS')
      .optional(),
    payment: z
      .string()
      .regex(/^[Ii][Nn][Dd][Ii][Aa]$/, 'must be india')
      .optional(),
    country: z
      .string()
      .regex(/^[Ii][Nn][Dd][Ii][Aa]$/, 'must be India')
      .optional(),
    accounting_type: z
      .string()
      .regex(/^(recharge|receive|pay|settle)$/, 'must be recharge, receive, pay or settle')
      .optional(),
    redirect_url: httpUrl.optional(),
    notify_url: httpUrl.optional(),
    response_type: z
      .string()
      .regex(/^([Jj][Ss][Oo][Nn])?$/, 'only json is supported (or empty for a redirect)')
      .optional(),
    from: oneLine().max(64).optional(),
    from_name: oneLine().max(128).optional(),
    from_bank_name: oneLine().max(64).optional(),
    to: oneLine().max(64).optional(),
    to_name: oneLine().max(128).optional(),
    to_bank_name: oneLine().max(64).optional(),
    merchant_id: oneLine().max(128).optional(),
    order_uid: oneLine().max(64).optional(),
    channel: oneLine().max(64).optional(),
  })
  .meta({
    id: 'CreateOrderRequest',
    description:
      'Every value is a string (numbers and booleans are accepted and signed by their string form).',
  });

export interface CreateOrderInput {
  readonly transactionType: TransactionType;
  readonly amount: number;
  readonly merchantOrderId: string;
  readonly merchantUid: string;
  readonly payterm: Payterm;
  readonly accountingType: AccountingType;
  readonly redirectUrl: string;
  readonly notifyUrl: string;
  readonly responseType: '' | 'json';
  readonly from: string;
  readonly fromName: string;
  readonly fromBankName: string;
  readonly to: string;
  readonly toName: string;
  readonly toBankName: string;
  readonly merchantId: string;
  readonly orderUid: string;
}

export type CreateOrderRequest = z.output<typeof CreateOrderRequestSchema>;

/** The fields a creation must carry, answered missing_field in this order before any other issue. */
export const createOrderErrors = requiredFirst([
  'merchant_uid',
  'transaction_type',
  'amount',
  'merchant_order_id',
]);

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export interface CreateOrderRules {
  /** ALLOW_PRIVATE_CALLBACKS: local development may name loopback and private hosts. */
  readonly allowPrivateUrls: boolean;
  /** The merchant's settings: where to call back when the order names no notify_url, and the
   *  origins its redirect_url must be on (none: any). */
  readonly merchant?: { readonly default_notify_url: string; readonly redirect_origins: readonly string[] };
}

/** The order a valid request asks for: defaults filled in and the rules across fields checked. */
export function createOrderInput(
  f: CreateOrderRequest,
  rules: CreateOrderRules = { allowPrivateUrls: false },
): CreateOrderInput {
  if (!rules.allowPrivateUrls) {
    for (const field of ['notify_url', 'redirect_url'] as const) {
      const kind = nonPublicHost(f[field] ?? '');
      if (kind) throw invalidField(field, `its host is a ${kind} address; only public hosts are allowed`);
    }
  }
  refuseRedirectElsewhere(f.redirect_url ?? '', rules.merchant?.redirect_origins ?? []);
  const amount = parseAmount(f.amount);
  if (amount === undefined) throw invalidField('amount', 'must be greater than 0');
  const transactionType = f.transaction_type;
  const payterm = (f.payterm?.toUpperCase() || (transactionType === 'income' ? 'UPI' : 'IMPS')) as Payterm;
  if (transactionType === 'expense' && payterm !== 'IMPS') throw invalidField('payterm', 'payouts use IMPS');
  const accountingType = (f.accounting_type ||
    (transactionType === 'income' ? 'receive' : 'pay')) as AccountingType;
  const allowed: readonly AccountingType[] =
    transactionType === 'income' ? ['receive', 'recharge'] : ['pay', 'settle'];
  if (!allowed.includes(accountingType)) {
    throw invalidField('accounting_type', `${transactionType} orders take ${allowed.join(' or ')}`);
  }
  const to = (f.to ?? '').trim();
  const toName = (f.to_name ?? '').trim();
  const toBankName = (f.to_bank_name ?? '').trim().toUpperCase();
  if (transactionType === 'expense') {
    if (!to) throw missingField('to', 'required for payouts');
    if (!/^\d{9,18}$/.test(to)) throw invalidField('to', 'must be an account number of 9-18 digits');
    if (!toName) throw missingField('to_name', 'required for payouts');
    if (!toBankName) throw missingField('to_bank_name', 'required for payouts');
    if (!IFSC.test(toBankName)) throw invalidField('to_bank_name', 'must be an IFSC code like HDFC0001234');
  }
  return {
    transactionType,
    amount,
    merchantOrderId: f.merchant_order_id,
    merchantUid: f.merchant_uid,
    payterm,
    accountingType,
    redirectUrl: f.redirect_url ?? '',
    notifyUrl: f.notify_url || rules.merchant?.default_notify_url || '',
    responseType: f.response_type?.toLowerCase() === 'json' ? 'json' : '',
    from: f.from ?? '',
    fromName: (f.from_name ?? '').trim(),
    fromBankName: f.from_bank_name ?? (transactionType === 'income' && payterm === 'UPI' ? 'UPI' : ''),
    to,
    toName,
    toBankName,
    merchantId: f.merchant_id ?? '',
    orderUid: f.order_uid ?? '',
  };
}

/**
 * The kind of a URL's host when it is written as a non-public address or is `localhost`, so that
 * such URLs are refused when the order is created. Names that resolve to such addresses are caught
 * when a callback is delivered (outbound-guard.ts).
 */
/** A redirect_url off the merchant's redirect origins is refused (no list: any origin). */
function refuseRedirectElsewhere(redirectUrl: string, origins: readonly string[]): void {
  if (redirectUrl === '' || origins.length === 0) return;
  const allowed = origins.map((origin) => new URL(origin).origin);
  if (!allowed.includes(new URL(redirectUrl).origin)) {
    throw invalidField(
      'redirect_url',
      `its origin is not one of the merchant's redirect origins (${origins.join(', ')})`,
    );
  }
}

export function nonPublicHost(url: string): string | undefined {
  if (url === '') return undefined;
  let host: string;
  try {
    host = new URL(url).hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
  } catch {
    return undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (isIP(host) === 0) return undefined;
  const kind = classifyAddress(host);
  return kind === 'public' ? undefined : kind;
}
