import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBankText } from '../../../src/server/credits/bank-text/parse-bank-text.js';
import { formatAmount } from '../../../src/shared/money.js';

interface Fixture {
  readonly bank: string;
  readonly texts: readonly {
    readonly text: string;
    readonly sender?: string;
    readonly expect: Record<string, string>;
  }[];
}

const dir = join(import.meta.dirname, 'fixtures', 'bank-texts');
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
const receivedAt = new Date('2025-02-01T06:00:00.000Z');

describe('bank texts', () => {
  it('has a fixture file for each of the sixteen banks', () => {
    expect(files).toHaveLength(16);
  });

  it('holds multi-line credit alerts as phones and mail clients show them, for the banks that send them', () => {
    const multiLine = files.filter((file) => {
      const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
      return fixture.texts.some((sample) => sample.expect.kind === 'credit' && sample.text.includes('\n'));
    });
    // HDFC's "Credit Alert!" and Axis Bank's UPI alerts by SMS; the e-mail alerts of the others.
    expect(multiLine.sort()).toEqual(['axis.json', 'hdfc.json', 'icici.json', 'kotak.json', 'sbi.json']);
  });

  for (const file of files) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    describe(fixture.bank, () => {
      it('has credit and non-credit texts', () => {
        expect(fixture.texts.some((t) => t.expect.kind === 'credit')).toBe(true);
        expect(fixture.texts.some((t) => t.expect.kind !== 'credit')).toBe(true);
      });
      for (const [index, sample] of fixture.texts.entries()) {
        it(`reads text ${index + 1} as ${sample.expect.kind} ${sample.expect.reason ?? ''}`, () => {
          const result = parseBankText({
            text: sample.text,
            receivedAt,
            ...(sample.sender ? { sender: sample.sender } : {}),
          });
          if (result.kind !== 'credit') {
            expect({ kind: result.kind, reason: result.reason }).toEqual(sample.expect);
            return;
          }
          expect({
            kind: result.kind,
            amount: formatAmount(result.amount),
            utr: result.utr,
            payer: result.payer,
            account_hint: result.accountHint,
            credited_at: result.creditedAt.toISOString(),
            bank: result.bank,
          }).toEqual({ credited_at: receivedAt.toISOString(), bank: fixture.bank, ...sample.expect });
        });
      }
    });
  }
});
