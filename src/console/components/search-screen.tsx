import { useAppDeps } from '../app-deps.js';
import { useResource } from '../hooks/use-resource.js';
import { CreditTable } from './credit-table.js';
import { LoadState } from './load-state.js';
import { OrderTable } from './order-table.js';

/** What the header search found for a term: the orders, then the credits, newest first. */
export function SearchScreen({ q }: { readonly q: string }) {
  const { api } = useAppDeps();
  const [found, reload] = useResource(() => api.search(q), `search:${q}`);
  if (!q) {
    return (
      <>
        <h1>Search</h1>
        <p class="muted">
          Type an amount, a payer's name or VPA, a UTR or an identifier in the search above.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Search: {q}</h1>
      <LoadState resource={found} retry={reload} what="the results">
        {(data) => (
          <>
            <h2>Orders ({data.orders.length})</h2>
            {data.orders.length === 0 ? (
              <p class="muted">No order matches.</p>
            ) : (
              <OrderTable orders={data.orders} caption={`Orders matching ${q}`} />
            )}
            <h2>Credits ({data.credits.length})</h2>
            {data.credits.length === 0 ? (
              <p class="muted">No credit matches.</p>
            ) : (
              <CreditTable credits={data.credits} onMatch={undefined} caption={`Credits matching ${q}`} />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
