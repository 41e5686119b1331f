/**
 * The note an operator's action carries, for the audit log (audit-store.ts). The acting operator's
 * name is the context variable the operator authentication sets (`c.var.operatorName`).
 */
import { z } from 'zod';

/** The operator's note on an action, optional where the action needs none. */
export const noteField = z.string().trim().max(500).optional();

/**
 * The body of an action that needs nothing else (resend, disable, a new key): the operator's
 * optional note, `{"note": "..."}`; the body itself may be left out (http/read-body.ts, `readOptionalJson`).
 */
export const NoteSchema = z.object({ note: noteField.default('') }).meta({ id: 'Note' });
