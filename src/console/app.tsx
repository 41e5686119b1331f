import { useEffect, useMemo } from 'preact/hooks';
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
import { Booting, NotFound } from './components/page-states.js';
import { PayoutBatchScreen } from './components/payout-batch-screen.js';
import { PayoutsScreen } from './components/payouts-screen.js';
import { SearchScreen } from './components/search-screen.js';
import { SignInScreen } from './components/sign-in-screen.js';
import { TodayScreen } from './components/today-screen.js';
import { useRoute } from './hooks/use-route.js';
import { SessionContext, type SessionControls, usePageSession } from './hooks/use-session.js';
import type { Route } from './lib/route.js';

/** The console: the sign-in screen until there is a session, then the screen the address names. */
export function App({ deps }: { readonly deps: AppDeps }) {
  const { state, end, signedIn } = usePageSession(deps.api);
  const route = useRoute();
  const controls = useMemo<SessionControls | undefined>(
    () => (state.kind === 'signed-in' ? { operator: state.session.operator, ...end } : undefined),
    [state, end],
  );

  return (
    <AppDepsContext.Provider value={deps}>
      {state.kind === 'checking' ? (
        <Booting what="the console" />
      ) : state.kind === 'signed-out' || !controls ? (
        <SignInScreen
          {...(state.kind === 'signed-out' && state.notice ? { notice: state.notice } : {})}
          onSignedIn={signedIn}
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
      return <NotFound home="#/today" homeName="Today" />;
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
