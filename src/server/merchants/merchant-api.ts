/**
 * The merchant routes of the operator API as they describe themselves: merchants, their keys and
 * blacklists. The CLI calls them through http/api-client.ts.
 */
import { z } from 'zod';
import { MerchantDetailSchema, MerchantListSchema, MerchantViewSchema } from '../../shared/console-views.js';
import {
  BlacklistedSchema,
  CreatedMerchantSchema,
  IssuedKeySchema,
  RevokedKeySchema,
  UnlistedSchema,
} from '../../shared/merchant-answers.js';
import { NoteSchema } from '../audit/audit-log.js';
import { apiRoute } from '../http/api-route.js';
import { readOptionalJson } from '../http/read-body.js';
import { MerchantParams } from '../http/request-fields.js';
import { BlacklistSchema, CreateMerchantSchema } from './merchant-schemas.js';
import { UpdateMerchantSchema } from './merchant-settings.js';

const MERCHANT = 'The merchant: its settings, limits as amounts, status and collection accounts';

const { uid } = MerchantParams.shape;
/** An action whose only body is the operator's optional note for the audit log. */
const noted = { body: NoteSchema, read: readOptionalJson } as const;

export const CREATE_MERCHANT = apiRoute({
  id: 'createMerchant',
  method: 'post',
  path: '/merchants',
  tag: 'operator',
  auth: 'operator',
  summary: 'Create a merchant and its first key (the secret is shown once)',
  body: CreateMerchantSchema,
  bodyExample: { name: 'Chai Point', upi_vpa: 'chaipoint@okaxis', upi_payee_name: 'Chai Point Pvt Ltd' },
  answers: {
    201: {
      description: 'Created: the merchant, and its first api_key and api_secret',
      data: CreatedMerchantSchema,
    },
  },
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  errors: [409],
});

export const LIST_MERCHANTS = apiRoute({
  id: 'listMerchants',
  method: 'get',
  path: '/merchants',
  tag: 'operator',
  auth: 'operator',
  summary: 'List merchants',
  answers: { 200: { description: 'Merchants', data: MerchantListSchema } },
  errors: [],
});

export const SHOW_MERCHANT = apiRoute({
  id: 'showMerchant',
  method: 'get',
  path: '/merchants/:uid',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'A merchant with its keys and balance',
  answers: { 200: { description: `${MERCHANT}, keys and balance`, data: MerchantDetailSchema } },
  errors: [404],
});

export const UPDATE_MERCHANT = apiRoute({
  id: 'updateMerchant',
  method: 'patch',
  path: '/merchants/:uid',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'Edit display settings, limits, frame origins and collection accounts',
  body: UpdateMerchantSchema,
  bodyExample: { brand_color: '#0a7d5a', support_contact: 'help@chaipoint.example' },
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ISSUE_KEY = apiRoute({
  id: 'issueKey',
  method: 'post',
  path: '/merchants/:uid/keys',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Issue another API key (the secret is shown once)',
  answers: { 201: { description: 'api_key and api_secret', data: IssuedKeySchema } },
  errors: [404],
});

export const REVOKE_KEY = apiRoute({
  id: 'revokeKey',
  method: 'delete',
  path: '/merchants/:uid/keys/:key',
  params: z.object({ uid, key: z.string().describe('The API key') }),
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Revoke an API key',
  answers: {
    200: { description: 'Revoked', data: RevokedKeySchema },
  },
  errors: [404],
});

export const DISABLE_MERCHANT = apiRoute({
  id: 'disableMerchant',
  method: 'post',
  path: '/merchants/:uid/disable',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Disable a merchant: its signed requests are refused',
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ENABLE_MERCHANT = apiRoute({
  id: 'enableMerchant',
  method: 'post',
  path: '/merchants/:uid/enable',
  params: MerchantParams,
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Enable a disabled merchant again',
  description: 'A collection account another merchant holds is refused with 409 account_in_use.',
  answers: { 200: { description: MERCHANT, data: MerchantViewSchema } },
  errors: [404, 409],
});

export const ADD_TO_BLACKLIST = apiRoute({
  id: 'addToBlacklist',
  method: 'post',
  path: '/merchants/:uid/blacklist',
  params: MerchantParams,
  tag: 'operator',
  auth: 'operator',
  summary: 'Blacklist a payer name (from_name) for a merchant',
  body: BlacklistSchema,
  bodyExample: { from_name: 'Fraudulent Payer' },
  answers: {
    201: { description: 'Added', data: BlacklistedSchema },
  },
  errors: [404],
});

export const REMOVE_FROM_BLACKLIST = apiRoute({
  id: 'removeFromBlacklist',
  method: 'delete',
  path: '/merchants/:uid/blacklist/:from_name',
  params: z.object({ uid, from_name: z.string().describe('The payer name') }),
  ...noted,
  tag: 'operator',
  auth: 'operator',
  summary: 'Take a payer name off the blacklist',
  answers: { 200: { description: 'Removed', data: UnlistedSchema } },
  errors: [404],
});
