/**
 * The context variables the operator authentication (operator/operator-auth.ts) sets for every
 * route behind it: the acting operator's name (`root` for the configured token), which the routes
 * write to the audit log.
 */
export type OperatorVariables = { operatorName: string };

/** The Hono environment of a route behind the operator authentication. */
export type OperatorEnv = { Variables: OperatorVariables };
