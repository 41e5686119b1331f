/**
 * The worked signing examples of docs/merchant-api.md, recomputed with the service's own signing
 * code: each JSON body followed by its signed strings and OC-Signatures must agree with the
 * canonical string, the HMAC and the verification the gateway applies to requests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hmacHex, verifySignature } from '../../../src/shared/signature.js';
import { canonicalString, type SignedFields } from '../../../src/shared/signing.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/merchant-api.md'), 'utf8');
const secret = /this API secret, which is for the examples only:\s*`([0-9a-f]{64})`/.exec(doc)?.[1] ?? '';

interface Example {
  readonly body: SignedFields;
  readonly pairs: readonly { readonly signed: string; readonly signature: string }[];
}

/** A ```json block directly followed by a ```text block of `signed:` and `OC-Signature:` lines. */
function examples(): Example[] {
  const found: Example[] = [];
  for (const match of doc.matchAll(/```json\n(\{.*\})\n```\s*\n```text\n([\s\S]*?)\n```/g)) {
    const lines = (match[2] ?? '').split('\n');
    const signedLines = lines.flatMap((line) => /^signed(?: \([^)]*\))?: (.*)$/.exec(line)?.slice(1) ?? []);
    const signatures = lines.flatMap((line) => /^OC-Signature: ([0-9a-f]{64})$/.exec(line)?.slice(1) ?? []);
    expect(signatures.length, `one OC-Signature per signed string in\n${match[2]}`).toBe(signedLines.length);
    found.push({
      body: JSON.parse(match[1] ?? '{}') as SignedFields,
      pairs: signedLines.map((signed, index) => ({
        signed: signed ?? '',
        signature: signatures[index] ?? '',
      })),
    });
  }
  return found;
}

describe('the signing examples of docs/merchant-api.md', () => {
  const all = examples();

  it('are found, with the examples’ secret', () => {
    expect(secret).toHaveLength(64);
    expect(all.length).toBeGreaterThanOrEqual(6);
  });

  it('sign the canonical string of their body, in one convention or the other', () => {
    for (const { body, pairs } of all) {
      const forms = [canonicalString(body, { skipEmpty: false }), canonicalString(body, { skipEmpty: true })];
      for (const { signed } of pairs) expect(forms).toContain(signed);
    }
  });

  it('give the HMAC-SHA256 of the signed string', () => {
    for (const { pairs } of all) {
      for (const { signed, signature } of pairs) expect(hmacHex(secret, signed), signed).toBe(signature);
    }
  });

  it('are accepted by the gateway’s verification, and refused under another secret', () => {
    for (const { body, pairs } of all) {
      for (const { signature } of pairs) {
        expect(verifySignature(secret, body, signature)).toBe(true);
        expect(verifySignature(`${secret}0`, body, signature)).toBe(false);
      }
    }
  });
});
