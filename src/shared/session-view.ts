/**
 * The console's session as /console/api/session answers it: signed in (the operator, when the
 * session ends, and the CSRF token every change must send in `csrf_header`) or not. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';

/** A signed-in session (the console's or the portal's): who, then its end and its CSRF token. */
export function signedInOf<const F extends Record<string, z.ZodMiniType>>(who: F) {
  return z.object({
    signed_in: z.literal(true),
    ...who,
    expires_at: z.string(),
    csrf_token: z.string(),
    csrf_header: z.string(),
  });
}

/** The session as its route answers it: signed in, or `signed_in` false without one. */
export function sessionOf<S extends z.ZodMiniType>(signedIn: S) {
  return z.union([signedIn, z.object({ signed_in: z.literal(false) })]);
}

export const SignedInSchema = signedInOf({ operator: z.string() });
export type SignedIn = z.infer<typeof SignedInSchema>;

export const SessionViewSchema = sessionOf(SignedInSchema);
export type SessionView = z.infer<typeof SessionViewSchema>;

export const SignedOutSchema = z.object({ signed_out: z.literal(true) });
