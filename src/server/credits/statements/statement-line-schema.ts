/**
 * A statement's lines as a proposal keeps them (JSON, approvals/manual-actions.ts) and reads them
 * back: the same lines the import reads from the file, times as Dates again.
 */
import { z } from 'zod';
import type { StatementLine } from './statement-line.js';

const movement = z.object({
  amount: z.number().int(),
  text: z.string(),
  utr: z.string(),
  account: z.string(),
});

const LINE = z.discriminatedUnion('kind', [
  z.object({
    line: z.number().int(),
    kind: z.literal('credit'),
    credit: z.object({
      utr: z.string(),
      amount: z.number().int(),
      payee: z.string(),
      payerName: z.string(),
      creditedAt: z.coerce.date(),
    }),
  }),
  z.object({ line: z.number().int(), kind: z.literal('debit'), movement }),
  z.object({ line: z.number().int(), kind: z.literal('return'), movement }),
  z.object({ line: z.number().int(), kind: z.literal('invalid'), error: z.string() }),
]);

export const STATEMENT_LINES: z.ZodType<StatementLine[], unknown> = z.array(LINE);
