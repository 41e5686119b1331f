/**
 * The context variables the portal authentication (portal/portal-auth.ts) sets for every route
 * behind it: the signed-in user and their merchant. Every portal route reads and writes only this
 * merchant's data, and writes the user's e-mail address to the audit log.
 */
export type PortalVariables = {
  merchantUid: string;
  userId: string;
  userEmail: string;
};

/** The Hono environment of a route behind the portal authentication. */
export type PortalEnv = { Variables: PortalVariables };
