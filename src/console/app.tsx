import { useEffect, useMemo, useState } from 'preact/hooks';
import type { SignedIn } from '../shared/session-view.js';
import { type AppDeps, AppDepsContext } from './app-deps.js';
import { ApprovalsScreen } from './components/approvals-screen.js';
import { AttentionScreen } from './components/attention-screen.js';
import { AuditScreen } from './components/audit-screen.js';
import { ConsoleShell } from './components/console-shell.js';
import { CreditsScreen } from './components/credits-screen.js';
import { MerchantScreen } from './components/merchant-screen.js';
import { MerchantsScreen } from './components/merchants-screen.js';
import { OrderScreen } from './components/order-screen.js';
import { OrdersScreen } from './components/orders-screen.js';
import { PayoutBatchScreen } from './components/payout-batch-screen.js';
import { PayoutsScreen } from './components/payouts-screen.js';
import { SearchScreen } from './components/search-screen.js';
import { SignInScreen } from './components/sign-in-screen.js';
import { TodayScreen } from './components/today-screen.js';
import { useRoute } from './hooks/use-route.js';
import { SessionContext, type SessionControls } from './hooks/use-session.js';
import type { Route } from './lib/route.js';

type SessionState =
  | { readonly kind: 'checking' }
  | { readonly kind: 'signed-out'; readonly notice?: string }
  | { readonly kind: 'signed-in'; readonly session: SignedIn };

/** The console: the sign-in screen until there is a session, then the screen the address names. */
export function App({ deps }: { readonly deps: AppDeps }) {
  const [state, setState] = useState<SessionState>({ kind: 'checking' });
  const route = useRoute();
  useEffect(() => {
    void deps.api.session().then((result) => {
      setState(result.kind === 'ok' ? { kind: 'signed-in', session: result.data } : { kind: 'signed-out' });
    });
  }, [deps.api]);
  const controls = useMemo<SessionControls | undefined>(() => {
    if (state.kind !== 'signed-in') return undefined;
    return {
      operator: state.session.operator,
      expire: () => setState({ kind: 'signed-out', notice: 'Your session has ended. Sign in again.' }),
      signOut: async () => {
        await deps.api.signOut();
        setState({ kind: 'signed-out', notice: 'You have signed out.' });
      },
    };
  }, [state, deps.api]);

  return (
    <AppDepsContext.Provider value={deps}>
      {state.kind === 'checking' ? (
        <p class="boot" role="status">
          Loading the console…
        </p>
      ) : state.kind === 'signed-out' || !controls ? (
        <SignInScreen
          {...(state.kind === 'signed-out' && state.notice ? { notice: state.notice } : {})}
          onSignedIn={(session) => setState({ kind: 'signed-in', session })}
        />
      ) : (
        <SessionContext.Provider value={controls}>
          <ConsoleShell route={route}>
            <Screen route={route} />
          </ConsoleShell>
        </SessionContext.Provider>
      )}
    </AppDepsContext.Provider>
  );
}

function Screen({ route }: { readonly route: Route }) {
  useEffect(() => {
    document.title = `${titleOf(route)} · Operator console`;
  }, [route]);
  switch (route.screen) {
    case 'today':
      return <TodayScreen />;
    case 'attention':
      return <AttentionScreen kind={route.kind} />;
    case 'orders':
      return <OrdersScreen query={route.query} />;
    case 'search':
      return <SearchScreen key={route.q} q={route.q} />;
    case 'order':
      return <OrderScreen key={route.paymentUid} paymentUid={route.paymentUid} />;
    case 'credits':
      return <CreditsScreen tab={route.tab} />;
    case 'merchants':
      return <MerchantsScreen />;
    case 'merchant':
      return <MerchantScreen key={route.merchantUid} merchantUid={route.merchantUid} />;
    case 'audit':
      return <AuditScreen />;
    case 'payouts':
      return <PayoutsScreen />;
    case 'approvals':
      return <ApprovalsScreen key={route.state} state={route.state} />;
    case 'payout-batch':
      return <PayoutBatchScreen key={route.batchId} batchId={route.batchId} />;
    default:
      return (
        <>
          <h1>Not found</h1>
          <p>
            No such screen. <a href="#/today">Back to Today</a>
          </p>
        </>
      );
  }
}

function titleOf(route: Route): string {
  switch (route.screen) {
    case 'order':
      return `Order ${route.paymentUid}`;
    case 'merchant':
      return 'Merchant';
    case 'payout-batch':
      return `Payout batch ${route.batchId}`;
    case 'attention':
      return 'Needs attention';
    case 'search':
      return `Search ${route.q}`;
    case 'not-found':
      return 'Not found';
    default:
      return route.screen.charAt(0).toUpperCase() + route.screen.slice(1);
  }
}
