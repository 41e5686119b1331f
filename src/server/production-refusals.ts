/**
 * What a production start refuses, each with the variable's name and how to make a good value
 * (docs/decisions/0013-running-in-production.md, "A safe production start"): an operator token
 * short or repetitive enough to guess, a SECRET_KEY of repeated bytes (or the public sandbox
 * key), and a plain-http public URL, over which payers' pages and the console's cookie would
 * travel unencrypted, unless ALLOW_INSECURE_PUBLIC_URL says it is meant (then printed at start).
 */

/** The operator token is the one secret between the internet and the operator API. */
export const MIN_OPERATOR_TOKEN_CHARS = 32;
/** A random token of 32 characters has two dozen different ones; 8 is far below any. */
const MIN_TOKEN_DISTINCT = 8;
/** 32 random bytes have about 30 different values; 16 is far below any real key. */
const MIN_KEY_DISTINCT = 16;

const MAKE_TOKEN = 'make one with `openssl rand -hex 32`';
const MAKE_KEY =
  'make one with `openssl rand -hex 32` and keep it safe (merchants’ API secrets sealed under another key cannot be read: issue their keys again after changing it)';

export interface ProductionValues {
  readonly operatorToken: string;
  readonly secretKeyHex: string;
  readonly publicBaseUrl: string;
  readonly allowInsecurePublicUrl: boolean;
  /** The fixed development key sandbox mode uses: public, so never a production key. */
  readonly sandboxSecretKeyHex: string;
}

export function productionRefusals(values: ProductionValues): string[] {
  const refusals: string[] = [];
  const token = values.operatorToken;
  if (token.length < MIN_OPERATOR_TOKEN_CHARS) {
    refusals.push(
      `OPERATOR_TOKEN: ${token.length} characters; production needs at least ${MIN_OPERATOR_TOKEN_CHARS}: ${MAKE_TOKEN}`,
    );
  } else if (new Set(token).size < MIN_TOKEN_DISTINCT || repeats([...token])) {
    refusals.push(
      `OPERATOR_TOKEN: too little variety to be a secret (a few characters, or a run repeated): ${MAKE_TOKEN}`,
    );
  }
  const key = [...Buffer.from(values.secretKeyHex, 'hex')];
  if (values.secretKeyHex.toLowerCase() === values.sandboxSecretKeyHex) {
    refusals.push(`SECRET_KEY: the sandbox's development key, which is public: ${MAKE_KEY}`);
  } else if (new Set(key).size < MIN_KEY_DISTINCT || repeats(key)) {
    refusals.push(`SECRET_KEY: repeated or too few different bytes to be a key: ${MAKE_KEY}`);
  }
  if (new URL(values.publicBaseUrl).protocol === 'http:' && !values.allowInsecurePublicUrl) {
    refusals.push(
      'PUBLIC_BASE_URL: plain http in production (payer pages, the API and the console cookie would travel unencrypted): use the https:// address payers reach, or set ALLOW_INSECURE_PUBLIC_URL=true if TLS is really terminated elsewhere',
    );
  }
  return refusals;
}

/** Whether the sequence is a shorter run of itself repeated (`abab...`, `0123 0123 ...`). */
function repeats<T>(items: readonly T[]): boolean {
  for (let period = 1; period <= items.length / 2; period++) {
    if (items.every((item, index) => index < period || item === items[index - period])) return true;
  }
  return false;
}
