import type { ComponentChildren } from 'preact';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../hooks/use-session.js';
import { attentionTotal } from '../lib/attention-kinds.js';
import { formatCount } from '../lib/format-inr.js';
import { type Route, searchHref } from '../lib/route.js';

const NAV = [
  { href: '#/today', label: 'Today', screens: ['today'] },
  { href: '#/attention', label: 'Needs attention', screens: ['attention'], counted: 'attention' },
  { href: '#/orders', label: 'Orders', screens: ['orders', 'order'] },
  { href: '#/credits', label: 'Credits', screens: ['credits'] },
  { href: '#/merchants', label: 'Merchants', screens: ['merchants', 'merchant'] },
  { href: '#/payouts', label: 'Payouts', screens: ['payouts', 'payout-batch'] },
  { href: '#/approvals', label: 'Approvals', screens: ['approvals'], counted: 'approval' },
  { href: '#/audit', label: 'Audit log', screens: ['audit'] },
] as const;

/** Header with the navigation, the operator's name and sign-out, around the current screen. */
export function ConsoleShell({
  route,
  children,
}: {
  readonly route: Route;
  readonly children: ComponentChildren;
}) {
  const session = useSession();
  const { api } = useAppDeps();
  // Read again on every move, so that the tabs' counts follow what the operator just did.
  const [attention] = useResource(() => api.attention(), JSON.stringify(route));
  const counts = attention.state === 'ready' ? attention.data.counts : undefined;
  const countOf = (counted: 'attention' | 'approval' | undefined) =>
    !counts || !counted ? undefined : counted === 'approval' ? counts.approval : attentionTotal(counts);
  return (
    <>
      <header class="top">
        <a class="skip" href="#main">
          Skip to content
        </a>
        <span class="brand">Operator console</span>
        <nav aria-label="Screens">
          <ul>
            {NAV.map((item) => {
              const count = 'counted' in item ? countOf(item.counted) : undefined;
              const countId = `tab-count-${item.screens[0]}`;
              return (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={
                      (item.screens as readonly string[]).includes(route.screen) ? 'page' : undefined
                    }
                    aria-describedby={count === undefined ? undefined : countId}
                  >
                    {item.label}
                    <TabCount id={countId} count={count} />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <HeaderSearch q={route.screen === 'search' ? route.q : ''} />
        <span class="who">
          Signed in as <strong>{session.operator}</strong>
        </span>
        <button type="button" onClick={() => void session.signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/**
 * The search in the header, on every screen: an order or a credit by amount, payer name or VPA,
 * or an identifier or its first 8 characters. It opens the search screen with the results.
 */
function HeaderSearch({ q }: { readonly q: string }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget as HTMLFormElement).get('q') ?? '').trim();
    if (term) window.location.hash = searchHref(term);
  };
  return (
    <search class="header-search">
      <form aria-label="Search orders and credits" onSubmit={submit} key={q}>
        <label for="header-search" class="visually-hidden">
          Search orders and credits
        </label>
        <input
          id="header-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Amount, payer, UTR or id"
          autoComplete="off"
        />
        <button type="submit">Find</button>
      </form>
    </search>
  );
}

/**
 * A tab's count of waiting cases: shown beside its name, and given to assistive technology as the
 * link's description ("3 waiting"), so that the tab's name stays the screen's name.
 */
function TabCount({ id, count }: { readonly id: string; readonly count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      <span class={count > 0 ? 'tab-count tab-count-some' : 'tab-count'} aria-hidden="true">
        {formatCount(count)}
      </span>
      <span id={id} hidden>
        {formatCount(count)} waiting
      </span>
    </>
  );
}
