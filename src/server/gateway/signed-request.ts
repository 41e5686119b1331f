/**
 * The signed merchant check, as a middleware in front of the gateway's routes: JSON content type,
 * a flat object of scalar values, a known active OC-Key (from memory when known: see
 * merchants/active-keys.ts) and an OC-Signature over every field as sent (both empty-value
 * conventions). It sets `c.var.signed`, the key's merchant and the request's fingerprint, for the
 * handlers; the route's schema then validates the same fields (read once: http/read-body.ts).
 * An unknown or revoked key and a bad signature get one answer (401 `unauthorized`), after the
 * same HMAC work, so the answer does not tell whether a key exists; the log keeps which it was.
 */
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { verifyCanonical } from '../../shared/signature.js';
import { canonicalStrings } from '../../shared/signing.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors.js';
import { readFlatJson } from '../http/read-body.js';
import { requestHeader, requestLog } from '../http/request-record.js';
import { activeKeysOf } from '../merchants/active-keys.js';
import type { Merchant } from '../merchants/merchant.js';

/** Who signed the request; the key's secret stays with the check. */
export interface SignedMerchant {
  readonly merchant: Merchant;
  readonly apiKey: string;
  /** The fields' canonical string without empty values: the request's fingerprint. */
  readonly canonical: string;
}

const REFUSED = 'OC-Key, OC-Signature: no active key whose signature matches this body';
/** Verified against when the key is unknown: no signature matches it that a client could know. */
const NO_KEY_SECRET = randomBytes(32).toString('hex');

/** The context variables the check sets for every gateway route. */
export type SignedVariables = { signed: SignedMerchant };
export type SignedEnv = { Variables: SignedVariables };

export function signedMerchant(deps: AppDeps): MiddlewareHandler<SignedEnv> {
  const keys = activeKeysOf(deps);
  return async (c, next) => {
    // Signed answers name a merchant's orders and balance: no cache may keep them, errors included.
    c.header('Cache-Control', 'no-store');
    const contentType = requestHeader(c, 'content-type') ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      throw new AppError(ERROR_CODES.unsupportedMediaType, 'Content-Type: must be application/json');
    }
    const fields = await readFlatJson(c);
    const apiKey = requestHeader(c, 'oc-key')?.trim();
    if (!apiKey) throw new AppError(ERROR_CODES.unauthorized, 'OC-Key: missing');
    const signature = requestHeader(c, 'oc-signature')?.trim();
    if (!signature) throw new AppError(ERROR_CODES.badSignature, 'OC-Signature: missing');
    const key = await keys.find(apiKey);
    const canonical = canonicalStrings(fields);
    const verified = verifyCanonical(key?.secret ?? NO_KEY_SECRET, canonical, signature);
    if (!key || !verified) {
      requestLog(c).warn('signed request refused', {
        reason: key ? 'bad_signature' : 'unknown_key',
        ...(key ? { merchant_uid: key.merchant.uid } : {}),
      });
      throw new AppError(ERROR_CODES.unauthorized, REFUSED);
    }
    if (key.merchant.status !== 'active') {
      throw new AppError(ERROR_CODES.merchantDisabled, 'merchant: disabled');
    }
    c.set('signed', { merchant: key.merchant, apiKey: key.key, canonical: canonical.nonEmpty });
    await next();
  };
}

/** A signed body that names a merchant must name the key's own merchant. */
export function requireOwnMerchant(merchantUid: string, signed: SignedMerchant): void {
  if (merchantUid !== signed.merchant.uid) {
    throw new AppError(ERROR_CODES.forbidden, 'merchant_uid: OC-Key does not belong to this merchant');
  }
}
