/**
 * Reads a signed merchant request: JSON content type, a flat object of scalar values, a known
 * active OC-Key (from memory when known: see merchants/active-keys.ts) and an OC-Signature over every field as sent (both empty-value conventions).
 */
import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { canonicalStrings, type SignedScalar } from '../../shared/signing.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, invalidField, missingField } from '../errors.js';
import { readJsonObject } from '../http/read-body.js';
import { requestHeader } from '../http/request-record.js';
import { activeKeysOf } from '../merchants/active-keys.js';
import type { ActiveKey } from '../merchants/api-key-store.js';
import { verifyCanonical } from './signature.js';

export interface SignedRequest {
  /** Every field as a string, as it was signed. */
  readonly fields: Readonly<Record<string, string>>;
  /** The fields' canonical string without empty values: the request's fingerprint. */
  readonly canonical: string;
  readonly key: ActiveKey;
}

export async function readSignedRequest(c: Context, deps: AppDeps): Promise<SignedRequest> {
  const contentType = requestHeader(c, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new AppError(ERROR_CODES.unsupportedMediaType, 'Content-Type: must be application/json');
  }
  const body = await readJsonObject(c);
  const scalars: Record<string, SignedScalar> = {};
  for (const [name, value] of Object.entries(body)) {
    if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      scalars[name] = value;
    } else {
      throw invalidField(name, 'must be a string, number or boolean');
    }
  }
  const apiKey = requestHeader(c, 'oc-key')?.trim();
  if (!apiKey) throw new AppError(ERROR_CODES.unauthorized, 'OC-Key: missing');
  const signature = requestHeader(c, 'oc-signature')?.trim();
  if (!signature) throw new AppError(ERROR_CODES.badSignature, 'OC-Signature: missing');
  const key = await activeKeysOf(deps).find(apiKey);
  if (!key) throw new AppError(ERROR_CODES.unauthorized, 'OC-Key: unknown or revoked');
  const canonical = canonicalStrings(scalars);
  if (!verifyCanonical(key.secret, canonical, signature)) {
    throw new AppError(ERROR_CODES.badSignature, 'OC-Signature: does not match the request body');
  }
  if (key.merchant.status !== 'active') {
    throw new AppError(ERROR_CODES.merchantDisabled, 'merchant: disabled');
  }
  const fields = Object.fromEntries(Object.entries(scalars).map(([name, value]) => [name, String(value)]));
  return { fields, canonical: canonical.nonEmpty, key };
}

/** A signed body that names a merchant must name the key's own merchant. */
export function requireOwnMerchant(request: SignedRequest): void {
  const merchantUid = request.fields.merchant_uid;
  if (merchantUid === undefined || merchantUid === '') {
    throw missingField('merchant_uid');
  }
  if (merchantUid !== request.key.merchant.uid) {
    throw new AppError(ERROR_CODES.forbidden, 'merchant_uid: OC-Key does not belong to this merchant');
  }
}
