import { useEffect, useMemo, useState } from 'preact/hooks';
import { Booting, NotFound } from '../console/components/page-states.js';
import { SessionContext, type SessionControls, usePageSession } from '../console/hooks/use-session.js';
import type { PortalSignedIn } from '../shared/portal-views.js';
import {
  type AppDeps,
  AppDepsContext,
  PortalSessionContext,
  type PortalSessionControls,
} from './app-deps.js';
import { BalanceScreen } from './components/balance-screen.js';
import { CallbacksScreen } from './components/callbacks-screen.js';
import { InviteScreen, SignInScreen } from './components/entry-screens.js';
import { KeysScreen } from './components/keys-screen.js';
import { OrderScreen } from './components/order-screen.js';
import { OrdersScreen } from './components/orders-screen.js';
import { PortalShell } from './components/portal-shell.js';
import { SettingsScreen } from './components/settings-screen.js';
import { TeamScreen } from './components/team-screen.js';
import { inviteToken, parseRoute, type Route } from './lib/route.js';

/** The portal: an invitation, or sign-in until there is a session, then the screen the address names. */
export function App({ deps }: { readonly deps: AppDeps }) {
  const { state, end, signedIn: enter } = usePageSession(deps.api);
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const controls = useMemo<PortalSessionControls | undefined>(
    () => (state.kind === 'signed-in' ? { session: state.session, ...end } : undefined),
    [state, end],
  );
  const signedIn = (session: PortalSignedIn) => {
    // The invitation's token leaves the address once used: a reload must not offer it again.
    if (inviteToken(window.location.hash)) window.history.replaceState(null, '', '#/orders');
    setHash(window.location.hash);
    enter(session);
  };
  const token = inviteToken(hash);
  const route = parseRoute(hash);

  return (
    <AppDepsContext.Provider value={deps}>
      {state.kind === 'checking' ? (
        <Booting what="the merchant portal" />
      ) : token ? (
        <InviteScreen token={token} onSignedIn={signedIn} />
      ) : !controls ? (
        <SignInScreen
          {...(state.kind === 'signed-out' && state.notice ? { notice: state.notice } : {})}
          onSignedIn={signedIn}
        />
      ) : (
        <PortalSessionContext.Provider value={controls}>
          {/* The console's hooks (useResource, useAction) end this session on a 401 through it. */}
          <SessionContext.Provider value={consoleControls(controls)}>
            <PortalShell route={route}>
              <Screen route={route} />
            </PortalShell>
          </SessionContext.Provider>
        </PortalSessionContext.Provider>
      )}
    </AppDepsContext.Provider>
  );
}

function consoleControls(controls: PortalSessionControls): SessionControls {
  return { operator: controls.session.email, expire: controls.expire, signOut: controls.signOut };
}

const TITLES: Record<Route['screen'], string> = {
  orders: 'Orders',
  order: 'Order',
  balance: 'Balance',
  callbacks: 'Callbacks',
  keys: 'API keys',
  settings: 'Settings',
  team: 'Team',
  'not-found': 'Not found',
};

function Screen({ route }: { readonly route: Route }) {
  useEffect(() => {
    document.title = `${TITLES[route.screen]} · Merchant portal`;
  }, [route.screen]);
  switch (route.screen) {
    case 'orders':
      return <OrdersScreen query={route.query} />;
    case 'order':
      return <OrderScreen key={route.paymentUid} paymentUid={route.paymentUid} />;
    case 'balance':
      return <BalanceScreen />;
    case 'callbacks':
      return <CallbacksScreen />;
    case 'keys':
      return <KeysScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'team':
      return <TeamScreen />;
    default:
      return <NotFound home="#/orders" homeName="Orders" />;
  }
}
