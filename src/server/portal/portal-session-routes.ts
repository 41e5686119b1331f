/**
 * The portal's session endpoints under /merchant/api: open an invitation (set the password, signed
 * in at once), sign in with e-mail and password, read the session, sign out. Failed sign-ins are
 * counted per account (the e-mail address, in any case) and per client address, in the store;
 * once either count is used up, every attempt for it is refused with 429 before the password is
 * checked, so a guesser cannot go on guessing behind the refusals. An unknown address costs the
 * same scrypt work as a wrong password and gets the same answer.
 */
import { type Context, Hono } from 'hono';
import { ERROR_CODES } from '../../shared/error-codes.js';
import type { PortalSignedIn } from '../../shared/portal-views.js';
import type { AppDeps } from '../app-deps.js';
import { AppError, notFound } from '../errors.js';
import { clientIp } from '../http/client-ip.js';
import { success } from '../http/envelope.js';
import { refuseWhenLimited } from '../http/rate-limiter.js';
import { requestLog } from '../http/request-record.js';
import { findMerchant } from '../merchants/merchant-store.js';
import { CSRF_HEADER } from '../operator/operator-auth.js';
import { csrfTokenFor } from '../operator/operator-sessions.js';
import { sessionCookie } from '../operator/session-cookie.js';
import { sessionEdge } from '../operator/session-edge.js';
import type { RateLimit } from '../rate-limit.js';
import { storeRateLimiter } from '../store/rate-limit-store.js';
import { acceptInvite } from './commands/accept-invite.js';
import { userByEmail } from './merchant-user-store.js';
import { verifyPassword } from './passwords.js';
import { ACCEPT_INVITE, PORTAL_SESSION, PORTAL_SIGN_IN, PORTAL_SIGN_OUT } from './portal-api.js';
import { createPortalSession, PORTAL_COOKIE, PORTAL_CSRF_SCOPE, portalSessions } from './portal-sessions.js';

export interface SignInLimits {
  /** Failed sign-ins for one e-mail address, from anywhere. */
  readonly account: RateLimit;
  /** Failed sign-ins from one client address, for any e-mail address. */
  readonly address: RateLimit;
}

/** Five wrong passwords for an account, then one a minute; twenty from an address, then one every 30 s. */
export const SIGN_IN_LIMITS: SignInLimits = {
  account: { burst: 5, perSecond: 1 / 60 },
  address: { burst: 20, perSecond: 1 / 30 },
};

export function portalSessionRoutes(deps: AppDeps, limits: SignInLimits = SIGN_IN_LIMITS) {
  const app = new Hono();
  const { db, clock, config } = deps;
  const cookie = sessionCookie(config.publicBaseUrl, PORTAL_COOKIE);
  const byAccount = storeRateLimiter(db, 'portal_sign_in_account', limits.account);
  const byAddress = storeRateLimiter(db, 'portal_sign_in_address', limits.address);

  const edge = sessionEdge(deps, cookie, portalSessions, PORTAL_CSRF_SCOPE);

  const view = async (
    sessionId: string,
    user: { id: string; email: string; merchantUid: string },
    expiresAt: Date,
  ): Promise<PortalSignedIn> => ({
    signed_in: true,
    user_id: user.id,
    email: user.email,
    merchant_uid: user.merchantUid,
    merchant_name: (await findMerchant(db, user.merchantUid))?.name ?? '',
    expires_at: expiresAt.toISOString(),
    csrf_token: csrfTokenFor(config.secretKey, sessionId, PORTAL_CSRF_SCOPE),
    csrf_header: CSRF_HEADER,
  });

  const startSession = async (c: Context, user: { id: string; email: string; merchant_uid: string }) => {
    const session = await createPortalSession(
      db,
      {
        userId: user.id,
        clientIp: clientIp(c, config.trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
      },
      clock.now(),
      config.consoleSessionSeconds,
    );
    cookie.write(c, session.id, config.consoleSessionSeconds);
    c.header('Cache-Control', 'no-store');
    const data = await view(
      session.id,
      { id: user.id, email: user.email, merchantUid: user.merchant_uid },
      session.expiresAt,
    );
    return success(c, data, 201);
  };

  ACCEPT_INVITE.register(app, edge.admit, async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await acceptInvite(deps, { token: token.trim(), password });
    if (!user) throw notFound('token: no such invitation, or it was used or has expired; ask for a new one');
    requestLog(c).info('merchant user set a password', {
      merchant: user.merchant_uid,
      merchant_user: user.id,
    });
    return startSession(c, user);
  });

  PORTAL_SIGN_IN.register(app, edge.admit, async (c) => {
    const { email, password } = c.req.valid('json');
    const now = clock.now();
    const client = clientIp(c, config.trustProxy);
    const account = email.toLowerCase();
    const decisions = await Promise.all([byAccount.peek(account, now), byAddress.peek(client, now)]);
    const refused = decisions.find((decision) => !decision.allowed);
    if (refused) {
      requestLog(c).warn('portal sign-in throttled', { client });
      refuseWhenLimited(refused, 'sign-in: too many failed attempts, try again later');
    }
    const user = await userByEmail(db, email);
    const valid = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !valid) {
      await byAccount.take(account, now);
      await byAddress.take(client, now);
      requestLog(c).warn('portal sign-in refused', { client });
      throw new AppError(ERROR_CODES.unauthorized, 'email or password: not valid');
    }
    requestLog(c).info('portal sign-in', { merchant: user.merchant_uid, merchant_user: user.id });
    return startSession(c, user);
  });

  PORTAL_SESSION.register(app, async (c) => {
    const live = await edge.current(c);
    if (!live) return success(c, { signed_in: false as const });
    const { session } = live;
    return success(
      c,
      await view(
        live.id,
        { id: session.user_id, email: session.email, merchantUid: session.merchant_uid },
        session.expires_at,
      ),
    );
  });

  PORTAL_SIGN_OUT.register(app, edge.signOut);

  return app;
}
