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
import { idField } from '../http/request-fields.js';
import { created, createdOrNot, ok, okOrProposed, operatorApi, routeGroup } from '../http/route-group.js';
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

export const CREATE_CREDIT_SOURCE = operatorApi.post('/credit-sources', 'createCreditSource', {
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
  answers: created('Created', CreatedCreditSourceSchema),
  errors: [404, 409],
});

export const LIST_CREDIT_SOURCES = operatorApi.get('/credit-sources', 'listCreditSources', {
  summary:
    'Credit sources, with when each last received a text or heartbeat and its state (active, silent, revoked)',
  query: z.object({ merchant_uid: z.string().optional().describe('Only this merchant') }),
  answers: ok('Sources', z.array(WatchedCreditSourceSchema)),
});

const SourceParams = z.object({ source_id: z.string().describe('The credit source') });

export const REVOKE_CREDIT_SOURCE = operatorApi.delete('/credit-sources/:source_id', 'revokeCreditSource', {
  params: SourceParams,
  summary: 'Revoke a credit source and its token (audited)',
  answers: ok('The revoked source', CreditSourceSchema),
});

export const UPDATE_CREDIT_SOURCE = operatorApi.patch('/credit-sources/:source_id', 'updateCreditSource', {
  params: SourceParams,
  summary: "Set the SMS codes and e-mail domains accepted from a source beside its bank's own (audited)",
  description:
    "A text becomes a credit only from its bank's DLT header or e-mail domain (docs/bank-texts.md); a code or domain added here is accepted from this source too. A list given replaces the source's list.",
  body: UpdateCreditSourceSchema,
  bodyExample: { sender_codes: ['HDFCBN'], sender_domains: ['alerts.examplebank.com'] },
  answers: ok('The source', CreditSourceSchema),
});

export const REPLAY_TEXT = operatorApi.post('/credits/sms', 'replayText', {
  summary: 'Replay an alert text for a source; answers what became of it (audited)',
  body: OperatorSmsSchema,
  bodyExample: {
    source_id: '1',
    text: 'Rs.199.00 credited to A/c XX1234 on 23-11-26 by UPI Ref No 612345678901',
    sender: 'VM-HDFCBK',
  },
  answers: {
    202: PROPOSED,
    ...createdOrNot('A new credit', 'No new credit (duplicate, unparsed or ignored)', TextOutcomeSchema),
  },
  errors: [404],
});

export const LIST_CREDITS = operatorApi.get('/credits', 'listCredits', {
  summary: 'Credits and alert texts by state, newest first',
  query: CreditListQuerySchema,
  answers: ok(
    "Credits and texts in one order, newest first; each row carries its `cursor` (credit:<id> or text:<id>), a conflict its `reason`; each text carries `reading`, the bank-text parser's partial reading (amount, utr, credited_at, payer_name; null where not found)",
    CreditListSchema,
  ),
});

const TextParams = z.object({ text_id: idField.describe('The alert text') });

export const FIX_TEXT = operatorApi.post('/credits/texts/:text_id/fix', 'fixText', {
  params: TextParams,
  summary: 'Fix an unparsed or suspect text into a credit (note required; audited)',
  body: FixTextSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', note: 'read from the bank statement' },
  answers: okOrProposed('Fixed: the credit and what it settled', TextOutcomeSchema),
  errors: [409],
});

export const DISMISS_TEXT = operatorApi.post('/credits/texts/:text_id/dismiss', 'dismissText', {
  params: TextParams,
  summary:
    'Put aside a text that is no credit (unparsed, conflict, suspect, ignored or invalid); note required; audited',
  description: 'The text stays stored as received, with outcome dismissed and who dismissed it and why.',
  body: DismissTextSchema,
  bodyExample: { note: 'balance alert, not a payment' },
  answers: ok('Dismissed', DismissedTextSchema),
  errors: [409],
});

export const MATCH_CREDIT = operatorApi.post('/credits/:credit_id/match', 'matchCredit', {
  params: z.object({ credit_id: idField.describe('The credit') }),
  summary: 'Match a waiting credit to an order by hand through the settlement path (note required; audited)',
  body: MatchCreditSchema,
  bodyExample: { payment_uid: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', note: 'payer called with the receipt' },
  answers: okOrProposed('Matched', MatchedCreditSchema),
  errors: [409],
});

export const IMPORT_STATEMENT = operatorApi.post('/credits/import', 'importStatement', {
  summary: 'Import a bank statement: CSV (profiles sbi, hdfc, icici, axis, generic), MT940 or camt.053',
  description: 'Up to 4 MB. column.<field> names the header of a field for the generic CSV profile.',
  query: StatementQuerySchema,
  bodyMedia: {
    'text/csv': { type: 'string' },
    'text/plain': { type: 'string' },
    'application/xml': { type: 'string' },
  },
  answers: okOrProposed('Per-line outcomes and a summary by outcome', StatementImportSchema),
  errors: [404],
});

export const LIST_AUDIT = operatorApi.get('/audit', 'listAudit', {
  summary: 'The audit log of manual actions, newest first',
  query: AuditQuerySchema,
  answers: ok('Entries', AuditLogSchema),
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
const EMAIL_BODY =
  'Nothing refuses a body from a valid token: one that cannot be read is stored with outcome invalid.';

/** The ingest endpoints: unsigned, each with the token of a credit source, limited per token. */
const ingestApi = routeGroup('ingest', 'public');
/** An unknown or revoked token is a 404; a token over its limit a 429. */
const tokenErrors = { errors: [404, 429] } as const;
const stored = { answers: ok('Stored and read', IngestedTextSchema), ...tokenErrors } as const;

const SMS_ROUTE = {
  summary: 'A forwarded SMS alert',
  bodyMedia: {
    'application/json': FORWARDED_SMS,
    'application/x-www-form-urlencoded': FORWARDED_SMS,
    'multipart/form-data': FORWARDED_SMS,
    'text/plain': { type: 'string' },
  },
  bodyExample: { text: 'Rs.199.00 credited to A/c XX1234 by UPI Ref No 612345678901', from: 'VM-HDFCBK' },
  ...stored,
} as const;
const EMAIL_ROUTE = {
  summary: 'A raw e-mail alert (RFC 822, up to 256 KB)',
  bodyMedia: { 'message/rfc822': { type: 'string' } },
  ...stored,
} as const;

/** The documented form: the token in `Authorization: Bearer`, never in the URL. */
export const INGEST_SMS_BEARER = ingestApi.post('/ingest/sms', 'ingestSmsBearer', {
  ...SMS_ROUTE,
  description: `${INGEST_BEARER} ${SMS_BODY}`,
});

export const INGEST_EMAIL_BEARER = ingestApi.post('/ingest/email', 'ingestEmailBearer', {
  ...EMAIL_ROUTE,
  description: `${INGEST_BEARER} ${EMAIL_BODY}`,
});

/** The token in the path, for forwarders that can only set a URL. */
export const INGEST_SMS = ingestApi.post('/ingest/sms/:token', 'ingestSms', {
  ...SMS_ROUTE,
  description: `${INGEST} ${SMS_BODY}`,
  params: TOKEN,
});

export const INGEST_EMAIL = ingestApi.post('/ingest/email/:token', 'ingestEmail', {
  ...EMAIL_ROUTE,
  description: `${INGEST} ${EMAIL_BODY}`,
  params: TOKEN,
});

export const INGEST_CREDIT = ingestApi.post('/ingest/credits', 'ingestCredit', {
  summary: "A bank integration's credit, from a credit source of kind api",
  description:
    "Authorization: Bearer <the api source's ingest_token> (an unknown, revoked or other kind of source's token is a 401); limited per token. A bank integration, not a person: its credits need no approval under dual control, and their payee is the source's account whatever the body says.",
  body: ApiCreditSchema,
  bodyExample: { utr: '612345678901', amount: '199.00', payer_name: 'Meera Iyer' },
  answers: createdOrNot(
    'A new credit and what it settled',
    'Already received (the same credit again)',
    PostedCreditSchema,
  ),
  errors: [401, 409, 429],
});

const HEARTBEAT =
  "A forwarder's sign of life, for the watch over silent sources (docs/credit-sources.md); no body needed. Limited per token with its texts.";

const HEARTBEAT_ROUTE = {
  /** Whatever the forwarder app sends with its ping (battery, app version): not read. */
  bodyMedia: { 'application/json': { type: 'object', description: 'Optional, not read' } },
  answers: ok('Recorded', HeartbeatSchema),
  ...tokenErrors,
} as const;

export const INGEST_HEARTBEAT = ingestApi.post('/ingest/heartbeat/:token', 'ingestHeartbeat', {
  summary: "A forwarder's heartbeat, the token in the path",
  description: `${HEARTBEAT} An unknown or revoked token is a 404.`,
  params: TOKEN,
  ...HEARTBEAT_ROUTE,
});

export const INGEST_HEARTBEAT_BEARER = ingestApi.post('/ingest/heartbeat', 'ingestHeartbeatBearer', {
  summary: "A forwarder's heartbeat, the token as Authorization: Bearer <token>",
  description: `${HEARTBEAT} A missing, unknown or revoked token is a 404.`,
  ...HEARTBEAT_ROUTE,
});
