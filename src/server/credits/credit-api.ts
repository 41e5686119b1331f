/**
 * The credit routes as they describe themselves: credit sources, alert texts, credits by state,
 * manual fixes and matches, statement import and the audit log (operator API), and the ingest
 * endpoints alert forwarders post to (docs/credit-sources.md).
 */
import { z } from 'zod';
import { PROPOSED } from '../../shared/approval-views.js';
import { AuditLogSchema } from '../../shared/audit-views.js';
import {
  CreatedCreditSourceSchema,
  CreditListSchema,
  CreditSourceSchema,
  DismissedTextSchema,
  HeartbeatSchema,
  IngestedTextSchema,
  MatchedCreditSchema,
  PostedCreditSchema,
  StatementImportSchema,
  TextOutcomeSchema,
  WatchedCreditSourceSchema,
} from '../../shared/credit-views.js';
import { apiRoute } from '../http/api-route.js';
import { idField } from '../http/request-fields.js';
import {
  ApiCreditSchema,
  AuditQuerySchema,
  CreateCreditSourceSchema,
  CreditListQuerySchema,
  DismissTextSchema,
  FixTextSchema,
  MatchCreditSchema,
  OperatorSmsSchema,
  StatementQuerySchema,
  UpdateCreditSourceSchema,
} from './credit-schemas.js';
import { SENDER_FIELD_NAMES, TEXT_FIELD_NAMES, TIME_FIELD_NAMES } from './read-forwarded-sms.js';

export const CREATE_CREDIT_SOURCE = apiRoute({
  id: 'createCreditSource',
  method: 'post',
  path: '/credit-sources',
  tag: 'operator',
  auth: 'operator',
  summary: "Register a credit source bound to one of a merchant's collection accounts",
  description:
    "An sms source's ingest_token (and its sms_url and email_url) is shown once. An account another merchant holds or feeds is refused with 409 account_in_use.",
  body: CreateCreditSourceSchema,
  bodyExample: {
    merchant_uid: 'a3c5e7f9-0000-4000-8000-000000000001',
    account: 'chaipoint@okaxis',
    kind: 'sms',
    name: 'Shop phone',
  },
  answers: { 201: { description: 'Created', data: CreatedCreditSourceSchema } },
  errors: [404, 409],
});

export const LIST_CREDIT_SOURCES = apiRoute({
  id: 'listCreditSources',
  method: 'get',
  path: '/credit-sources',
  tag: 'operator',
  auth: 'operator',
  summary:
    'Credit sources, with when each last received a text or heartbeat and its state (active, silent, revoked)',
  query: z.object({ merchant_uid: z.string().optional().describe('Only this merchant') }),
  answers: { 200: { description: 'Sources', data: z.array(WatchedCreditSourceSchema) } },
  errors: [],
});

export const REVOKE_CREDIT_SOURCE = apiRoute({
  id: 'revokeCreditSource',
  method: 'delete',
  path: '/credit-sources/:source_id',
  params: z.object({ source_id: z.string().describe('The credit source') }),
  tag: 'operator',
  auth: 'operator',
  summary: 'Revoke a credit source and its token (audited)',
  answers: { 200: { description: 'The revoked source', data: CreditSourceSchema } },
  errors: [404],
});

export const UPDATE_CREDIT_SOURCE = apiRoute({
  id: 'updateCreditSource',
  method: 'patch',
  path: '/credit-sources/:source_id',
  params: z.object({ source_id: z.string().describe('The credit source') }),
  tag: 'operator',
  auth: 'operator',
  summary: "Set the SMS codes and e-mail domains accepted from a source beside its bank's own (audited)",
  description:
    "A text becomes a credit only from its bank's DLT header or e-mail domain (docs/bank-texts.md); a code or domain added here is accepted from this source too. A list given replaces the source's list.",
  body: UpdateCreditSourceSchema,
  bodyExample: { sender_codes: ['HDFCBN'], sender_domains: ['alerts.examplebank.com'] },
  answers: { 200: { description: 'The source', data: CreditSourceSchema } },
  errors: [404],
});

export const REPLAY_TEXT = apiRoute({
  id: 'replayText',
  method: 'post',
  path: '/credits/sms',
  tag: 'operator',
  auth: 'operator',
  summary: 'Replay an alert text for a source; answers what became of it (audited)',
  body: OperatorSmsSchema,
  bodyExample: {
    source_id: '1',
    text: 'Rs.199.00 credited to A/c XX1234 on 23-11-26 by UPI Ref No 612345678901',
    sender: 'VM-HDFCBK',
  },
  answers: {
    202: PROPOSED,
    201: { description: 'A new credit', data: TextOutcomeSchema },
    200: { description: 'No new credit (duplicate, unparsed or ignored)', data: TextOutcomeSchema },
  },
  errors: [404],
});

export const LIST_CREDITS = apiRoute({
  id: 'listCredits',
  method: 'get',
  path: '/credits',
  tag: 'operator',
  auth: 'operator',
  summary: 'Credits and alert texts by state, newest first',
  query: CreditListQuerySchema,
  answers: {
    200: {
      description:
        "Credits and texts in one order, newest first; each row carries its `cursor` (credit:<id> or text:<id>), a conflict its `reason`; each text carries `reading`, the bank-text parser's partial reading (amount, utr, credited_at, payer_name; null where not found)",
      data: CreditListSchema,
    },
  },
  errors: [],
});

export const FIX_TEXT = apiRoute({
  id: 'fixText',
  method: 'post',
  path: '/credits/texts/:text_id/fix',
  params: z.object({ text_id: idField.describe('The alert text') }),
  tag: 'operator',
  auth: 'operator',
  summary: 'Fix an unparsed or suspect text into a credit (note required; audited)',
  body: FixTextSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', note: 'read from the bank statement' },
  answers: {
    202: PROPOSED,
    200: { description: 'Fixed: the credit and what it settled', data: TextOutcomeSchema },
  },
  errors: [404, 409],
});

export const DISMISS_TEXT = apiRoute({
  id: 'dismissText',
  method: 'post',
  path: '/credits/texts/:text_id/dismiss',
  params: z.object({ text_id: idField.describe('The alert text') }),
  tag: 'operator',
  auth: 'operator',
  summary:
    'Put aside a text that is no credit (unparsed, conflict, suspect, ignored or invalid); note required; audited',
  description: 'The text stays stored as received, with outcome dismissed and who dismissed it and why.',
  body: DismissTextSchema,
  bodyExample: { note: 'balance alert, not a payment' },
  answers: { 200: { description: 'Dismissed', data: DismissedTextSchema } },
  errors: [404, 409],
});

export const MATCH_CREDIT = apiRoute({
  id: 'matchCredit',
  method: 'post',
  path: '/credits/:credit_id/match',
  params: z.object({ credit_id: idField.describe('The credit') }),
  tag: 'operator',
  auth: 'operator',
  summary: 'Match a waiting credit to an order by hand through the settlement path (note required; audited)',
  body: MatchCreditSchema,
  bodyExample: { payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', note: 'payer called with the receipt' },
  answers: {
    202: PROPOSED,
    200: { description: 'Matched', data: MatchedCreditSchema },
  },
  errors: [404, 409],
});

export const IMPORT_STATEMENT = apiRoute({
  id: 'importStatement',
  method: 'post',
  path: '/credits/import',
  tag: 'operator',
  auth: 'operator',
  summary: 'Import a bank statement: CSV (profiles sbi, hdfc, icici, axis, generic), MT940 or camt.053',
  description: 'Up to 4 MB. column.<field> names the header of a field for the generic CSV profile.',
  query: StatementQuerySchema,
  bodyMedia: {
    'text/csv': { type: 'string' },
    'text/plain': { type: 'string' },
    'application/xml': { type: 'string' },
  },
  answers: {
    202: PROPOSED,
    200: {
      description: 'Per-line outcomes and a summary by outcome',
      data: StatementImportSchema,
    },
  },
  errors: [404],
});

export const LIST_AUDIT = apiRoute({
  id: 'listAudit',
  method: 'get',
  path: '/audit',
  tag: 'operator',
  auth: 'operator',
  summary: 'The audit log of manual actions, newest first',
  query: AuditQuerySchema,
  answers: { 200: { description: 'Entries', data: AuditLogSchema } },
  errors: [],
});

const TOKEN = z.object({ token: z.string().describe("The source's ingest token") });
const INGEST =
  'Unsigned: the token in the path is the secret (an unknown or revoked one is a 404); limited per token. For apps that can only set a URL; the documented form sends the token as Authorization: Bearer.';
const INGEST_BEARER =
  "Unsigned: the source's ingest token as Authorization: Bearer (an unknown, revoked or missing one is a 404); limited per token.";

/**
 * What a forwarder may send, for the document only: the ingest routes validate nothing before the
 * body is stored (read-forwarded-sms.ts); what cannot be read is kept as `invalid`, answered 200.
 */
const FORWARDED_SMS = {
  type: 'object',
  properties: Object.fromEntries(
    [...TEXT_FIELD_NAMES, ...SENDER_FIELD_NAMES, ...TIME_FIELD_NAMES].map((name) => [
      name,
      { type: 'string' },
    ]),
  ),
} as const;

const SMS_BODY = `JSON, form, multipart or text/plain: text|message|body|msg, from|sender|address, timestamp|time|date|received_at|receivedStamp|sentStamp|sent_at. Nothing refuses a body from a valid token: one that cannot be read as a text is stored with outcome invalid.`;
const SMS_ROUTE = {
  method: 'post',
  tag: 'ingest',
  auth: 'public',
  summary: 'A forwarded SMS alert',
  bodyMedia: {
    'application/json': FORWARDED_SMS,
    'application/x-www-form-urlencoded': FORWARDED_SMS,
    'multipart/form-data': FORWARDED_SMS,
    'text/plain': { type: 'string' },
  },
  bodyExample: { text: 'Rs.199.00 credited to A/c XX1234 by UPI Ref No 612345678901', from: 'VM-HDFCBK' },
  answers: { 200: { description: 'Stored and read', data: IngestedTextSchema } },
  errors: [404, 429],
} as const;
const EMAIL_BODY =
  'Nothing refuses a body from a valid token: one that cannot be read is stored with outcome invalid.';
const EMAIL_ROUTE = {
  method: 'post',
  tag: 'ingest',
  auth: 'public',
  summary: 'A raw e-mail alert (RFC 822, up to 256 KB)',
  bodyMedia: { 'message/rfc822': { type: 'string' } },
  answers: { 200: { description: 'Stored and read', data: IngestedTextSchema } },
  errors: [404, 429],
} as const;

/** The documented form: the token in `Authorization: Bearer`, never in the URL. */
export const INGEST_SMS_BEARER = apiRoute({
  ...SMS_ROUTE,
  id: 'ingestSmsBearer',
  path: '/ingest/sms',
  description: `${INGEST_BEARER} ${SMS_BODY}`,
});

export const INGEST_EMAIL_BEARER = apiRoute({
  ...EMAIL_ROUTE,
  id: 'ingestEmailBearer',
  path: '/ingest/email',
  description: `${INGEST_BEARER} ${EMAIL_BODY}`,
});

/** The token in the path, for forwarders that can only set a URL. */
export const INGEST_SMS = apiRoute({
  ...SMS_ROUTE,
  id: 'ingestSms',
  path: '/ingest/sms/:token',
  description: `${INGEST} ${SMS_BODY}`,
  params: TOKEN,
});

export const INGEST_EMAIL = apiRoute({
  ...EMAIL_ROUTE,
  id: 'ingestEmail',
  path: '/ingest/email/:token',
  description: `${INGEST} ${EMAIL_BODY}`,
  params: TOKEN,
});

export const INGEST_CREDIT = apiRoute({
  id: 'ingestCredit',
  method: 'post',
  path: '/ingest/credits',
  tag: 'ingest',
  auth: 'public',
  summary: "A bank integration's credit, from a credit source of kind api",
  description:
    "Authorization: Bearer <the api source's ingest_token> (an unknown, revoked or other kind of source's token is a 401); limited per token. A bank integration, not a person: its credits need no approval under dual control, and their payee is the source's account whatever the body says.",
  body: ApiCreditSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', payer_name: 'Meera Iyer' },
  answers: {
    201: { description: 'A new credit and what it settled', data: PostedCreditSchema },
    200: { description: 'Already received (the same credit again)', data: PostedCreditSchema },
  },
  errors: [401, 409, 429],
});

const HEARTBEAT =
  "A forwarder's sign of life, for the watch over silent sources (docs/credit-sources.md); no body needed. Limited per token with its texts.";

/** Whatever the forwarder app sends with its ping (battery, app version): not read. */
const HEARTBEAT_BODY = {
  'application/json': { type: 'object', description: 'Optional, not read' },
} as const;

export const INGEST_HEARTBEAT = apiRoute({
  id: 'ingestHeartbeat',
  method: 'post',
  path: '/ingest/heartbeat/:token',
  tag: 'ingest',
  auth: 'public',
  summary: "A forwarder's heartbeat, the token in the path",
  description: `${HEARTBEAT} An unknown or revoked token is a 404.`,
  params: TOKEN,
  bodyMedia: HEARTBEAT_BODY,
  answers: { 200: { description: 'Recorded', data: HeartbeatSchema } },
  errors: [404, 429],
});

export const INGEST_HEARTBEAT_BEARER = apiRoute({
  id: 'ingestHeartbeatBearer',
  method: 'post',
  path: '/ingest/heartbeat',
  tag: 'ingest',
  auth: 'public',
  summary: "A forwarder's heartbeat, the token as Authorization: Bearer <token>",
  description: `${HEARTBEAT} A missing, unknown or revoked token is a 404.`,
  bodyMedia: HEARTBEAT_BODY,
  answers: { 200: { description: 'Recorded', data: HeartbeatSchema } },
  errors: [404, 429],
});
