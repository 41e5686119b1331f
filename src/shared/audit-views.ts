/**
 * The operators' audit log as GET /operator/api/audit answers it: who did what to which subject,
 * when, the state before and after (JSON, as the action recorded it) and the note. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string().check(z.describe("The operator's name: root for the configured token")),
  action: z.string().check(z.describe('credit.post, credit.match, text.fix, merchant.update, ...')),
  subject: z.string().check(z.describe('credit:12, text:7, source:cs_..., merchant:M..., order:...')),
  before: z.unknown().check(z.describe('The state before the action (JSON), or null')),
  after: z.unknown().check(z.describe('The state after the action (JSON), or null')),
  note: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogSchema = z.array(AuditEntrySchema);
