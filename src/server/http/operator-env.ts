/**
 * The context variables the operator authentication (operator/operator-auth.ts) sets for every
 * route behind it: the acting operator's name (`root` for the configured token), which the routes
 * write to the audit log.
 */
import type { Context } from 'hono';

export type OperatorVariables = { operatorName: string };

/** The Hono environment of a route behind the operator authentication. */
export type OperatorEnv = { Variables: OperatorVariables };

/**
 * Who acted and the note they gave, as a command takes them, in a route whose body is the
 * operator's note (route-group.ts, `noted`).
 */
export function actingWithNote(c: Context<OperatorEnv, string, { out: { json: { note: string } } }>) {
  return { note: c.req.valid('json').note, actor: c.var.operatorName };
}
