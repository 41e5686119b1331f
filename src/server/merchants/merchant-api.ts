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
import { MerchantParams } from '../http/request-fields.js';
import { created, noted, ok, operatorApi } from '../http/route-group.js';
import { BlacklistSchema, CreateMerchantSchema } from './merchant-schemas.js';
import { UpdateMerchantSchema } from './merchant-settings.js';

const MERCHANT = 'The merchant: its settings, limits as amounts, status and collection accounts';
const ACCOUNT_IN_USE = 'A collection account another merchant holds is refused with 409 account_in_use.';

const { uid } = MerchantParams.shape;

export const CREATE_MERCHANT = operatorApi.post('/merchants', 'createMerchant', {
  summary: 'Create a merchant and its first key (the secret is shown once)',
  body: CreateMerchantSchema,
  bodyExample: { name: 'Chai Point', upi_vpa: 'chaipoint@okaxis', upi_payee_name: 'Chai Point Pvt Ltd' },
  answers: created('Created: the merchant, and its first api_key and api_secret', CreatedMerchantSchema),
  description: ACCOUNT_IN_USE,
  errors: [409],
});

export const LIST_MERCHANTS = operatorApi.get('/merchants', 'listMerchants', {
  summary: 'List merchants',
  answers: ok('Merchants', MerchantListSchema),
});

export const SHOW_MERCHANT = operatorApi.get('/merchants/:uid', 'showMerchant', {
  summary: 'A merchant with its keys and balance',
  answers: ok(`${MERCHANT}, keys and balance`, MerchantDetailSchema),
});

export const UPDATE_MERCHANT = operatorApi.patch('/merchants/:uid', 'updateMerchant', {
  summary: 'Edit display settings, limits, frame origins and collection accounts',
  body: UpdateMerchantSchema,
  bodyExample: { brand_color: '#0a7d5a', support_contact: 'help@chaipoint.example' },
  description: ACCOUNT_IN_USE,
  answers: ok(MERCHANT, MerchantViewSchema),
  errors: [409],
});

export const ISSUE_KEY = operatorApi.post('/merchants/:uid/keys', 'issueKey', {
  ...noted,
  summary: 'Issue another API key (the secret is shown once)',
  answers: created('api_key and api_secret', IssuedKeySchema),
});

export const REVOKE_KEY = operatorApi.delete('/merchants/:uid/keys/:key', 'revokeKey', {
  params: z.object({ uid, key: z.string().describe('The API key') }),
  ...noted,
  summary: 'Revoke an API key',
  answers: ok('Revoked', RevokedKeySchema),
});

/** Disabling and enabling a merchant: the same action but for the status it sets. */
const statusChange = (summary: string) =>
  ({
    ...noted,
    summary,
    description: ACCOUNT_IN_USE,
    answers: ok(MERCHANT, MerchantViewSchema),
    errors: [409],
  }) as const;

export const DISABLE_MERCHANT = operatorApi.post(
  '/merchants/:uid/disable',
  'disableMerchant',
  statusChange('Disable a merchant: its signed requests are refused'),
);

export const ENABLE_MERCHANT = operatorApi.post(
  '/merchants/:uid/enable',
  'enableMerchant',
  statusChange('Enable a disabled merchant again'),
);

export const ADD_TO_BLACKLIST = operatorApi.post('/merchants/:uid/blacklist', 'addToBlacklist', {
  summary: 'Blacklist a payer name (from_name) for a merchant',
  body: BlacklistSchema,
  bodyExample: { from_name: 'Fraudulent Payer' },
  answers: created('Added', BlacklistedSchema),
});

export const REMOVE_FROM_BLACKLIST = operatorApi.delete(
  '/merchants/:uid/blacklist/:from_name',
  'removeFromBlacklist',
  {
    params: z.object({ uid, from_name: z.string().describe('The payer name') }),
    ...noted,
    summary: 'Take a payer name off the blacklist',
    answers: ok('Removed', UnlistedSchema),
  },
);
