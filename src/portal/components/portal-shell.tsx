import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { usePortalSession } from '../app-deps.js';
import type { Route } from '../lib/route.js';

const NAV = [
  { href: '#/orders', label: 'Orders', screens: ['orders', 'order'] },
  { href: '#/balance', label: 'Balance', screens: ['balance'] },
  { href: '#/callbacks', label: 'Callbacks', screens: ['callbacks'] },
  { href: '#/keys', label: 'Keys', screens: ['keys'] },
  { href: '#/settings', label: 'Settings', screens: ['settings'] },
  { href: '#/team', label: 'Team', screens: ['team'] },
] as const;

/** Header with the navigation, the merchant and user, and sign-out, around the current screen. */
export function PortalShell({
  route,
  children,
}: {
  readonly route: Route;
  readonly children: ComponentChildren;
}) {
  const { session, signOut } = usePortalSession();
  const main = useRef<HTMLElement>(null);
  // A new screen moves focus to its content, as a page load would, for keyboard and screen readers.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [route.screen]);
  return (
    <>
      <header class="top">
        <a class="skip" href="#main">
          Skip to content
        </a>
        <span class="brand">{session.merchant_name || 'Merchant portal'}</span>
        <nav aria-label="Screens">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  aria-current={
                    (item.screens as readonly string[]).includes(route.screen) ? 'page' : undefined
                  }
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="who">
          Signed in as <strong>{session.email}</strong>
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
    </>
  );
}
