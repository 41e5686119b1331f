/**
 * The console's session as /console/api/session answers it: signed in (the operator, when the
 * session ends, and the CSRF token every change must send in `csrf_header`) or not. Written with
 * `zod/mini`, as console-views.ts, for the service's document and the console alike.
 */
import * as z from 'zod/mini';

export const SignedInSchema = z.object({
  signed_in: z.literal(true),
  operator: z.string(),
  expires_at: z.string(),
  csrf_token: z.string(),
  csrf_header: z.string(),
});
export type SignedIn = z.infer<typeof SignedInSchema>;

export const SessionViewSchema = z.union([SignedInSchema, z.object({ signed_in: z.literal(false) })]);
export type SessionView = z.infer<typeof SessionViewSchema>;

export const SignedOutSchema = z.object({ signed_out: z.literal(true) });
