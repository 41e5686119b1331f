/** What the ledger's operator routes answer (ledger-api.ts). */
import { z } from 'zod';

export const LedgerCheckSchema = z
  .object({
    ok: z.boolean().describe('true when no check found a difference'),
    checks: z.array(
      z.object({
        name: z.string().describe('The invariant checked'),
        rule: z.string().describe('What it requires, in words'),
        differences: z.array(z.string()).describe('What breaks it (the first 100); empty when it holds'),
      }),
    ),
  })
  .meta({ id: 'LedgerCheck' });
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;
