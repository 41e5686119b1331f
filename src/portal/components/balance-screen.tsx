import { useState } from 'preact/hooks';
import { LedgerTable } from '../../console/components/ledger-table.js';
import { LoadState } from '../../console/components/load-state.js';
import { formatInr } from '../../console/lib/format-inr.js';
import { istDay } from '../../console/lib/format-ist.js';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../lib/hooks.js';
import { orderHref } from '../lib/route.js';
import { Field } from './field.js';

/** Available and pending, the latest ledger lines, and a CSV statement for a range of days. */
export function BalanceScreen() {
  const { api } = useAppDeps();
  const [balance, reload] = useResource(() => api.balance(), 'balance');
  const today = istDay(new Date().toISOString());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const rangeError = from && to && to < from ? 'The last day must be the first day or later.' : undefined;
  return (
    <>
      <h1>Balance</h1>
      <LoadState resource={balance} retry={reload} what="the balance">
        {(data) => (
          <>
            <div class="tiles">
              <Tile label="Available" amount={data.available} note="What payouts may spend" />
              <Tile label="Pending" amount={data.pending} note="Paid, waiting for the bank's confirmation" />
              <Tile label="Held" amount={data.held} note="Held for payouts under way" />
              {data.frozen !== '0.00' ? (
                <Tile label="Frozen" amount={data.frozen} note="A bank statement disagreed; being checked" />
              ) : null}
            </div>
            <h2>Latest ledger lines</h2>
            {data.lines.length === 0 ? (
              <p>No ledger lines yet.</p>
            ) : (
              <LedgerTable
                lines={data.lines}
                caption="Ledger lines, newest first"
                timeHeader="Time"
                orderHref={orderHref}
              />
            )}
          </>
        )}
      </LoadState>
      <section aria-labelledby="statement-title" class="card stack">
        <h2 id="statement-title">Statement (CSV)</h2>
        <p class="muted">Ledger lines of India days, up to 92 days at a time.</p>
        <div class="inline-form">
          <Field id="statement-from" label="First day" type="date" value={from} onValue={setFrom} />
          <Field
            id="statement-to"
            label="Last day"
            type="date"
            value={to}
            onValue={setTo}
            error={rangeError}
          />
          {from && to && !rangeError ? (
            <a class="button" href={api.statementUrl(from, to)} download>
              Download CSV
            </a>
          ) : null}
        </div>
      </section>
    </>
  );
}

function Tile({
  label,
  amount,
  note,
}: {
  readonly label: string;
  readonly amount: string;
  readonly note: string;
}) {
  return (
    <section class="tile">
      <h2>{label}</h2>
      <p class="figure amount">{formatInr(amount)}</p>
      <p class="muted small">{note}</p>
    </section>
  );
}
