import { useState } from 'preact/hooks';
import type { BankCredit } from '../api/console-types.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { creditsHref, orderHref } from '../lib/route.js';
import { LoadState } from './load-state.js';

const TABS = [
  { id: 'waiting', label: 'Waiting' },
  { id: 'all', label: 'All credits' },
] as const;

/** Amounts arrive as paise (number) from the credits list; shown as rupees. */
export function creditAmount(credit: BankCredit): string {
  if (typeof credit.amount === 'string') return formatInr(credit.amount);
  const paise = Math.round(credit.amount);
  return formatInr(`${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`);
}

/** Bank credits waiting for an order or all recent ones, and a form to post a credit by hand. */
export function CreditsScreen({ tab }: { readonly tab: string }) {
  const { api } = useAppDeps();
  const waiting = tab !== 'all';
  const [credits, reload] = useResource(() => api.credits(waiting), `credits:${tab}`);
  const [form, setForm] = useState({ utr: '', amount: '', payer_name: '', payee: '' });
  const [outcome, setOutcome] = useState('');
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    setOutcome('');
    const body = Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''));
    const result = await action.run(() => api.postCredit(body));
    if (result) {
      setOutcome(
        result.outcome === 'waiting'
          ? `Credit ${result.utr} recorded; waiting for an order (${result.reason ?? 'no claim yet'}).`
          : `Credit ${result.utr}: ${result.outcome}${result.payment_uid ? ` for ${result.payment_uid}` : ''}.`,
      );
      setForm({ utr: '', amount: '', payer_name: '', payee: '' });
      reload();
    }
  };
  return (
    <>
      <h1>Credits</h1>
      <nav class="tabs" aria-label="Credit lists">
        {TABS.map((item) => (
          <a
            class="tab"
            key={item.id}
            href={creditsHref(item.id)}
            aria-current={tab === item.id || (item.id === 'waiting' && waiting) ? 'page' : undefined}
          >
            {item.label}
          </a>
        ))}
      </nav>
      <LoadState resource={credits} retry={reload} what="credits">
        {(list) =>
          list.length === 0 ? (
            <p class="muted" role="status">
              {waiting ? 'No credits are waiting for an order.' : 'No credits yet.'}
            </p>
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">
                  {waiting ? 'Credits waiting for an order' : 'Recent credits'}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Received (IST)</th>
                    <th scope="col">UTR</th>
                    <th scope="col" class="num">
                      Amount
                    </th>
                    <th scope="col">Payer</th>
                    <th scope="col">Payee account</th>
                    <th scope="col">Source</th>
                    <th scope="col">Order</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((credit) => (
                    <tr key={credit.id}>
                      <td>{formatIst(credit.created_at)}</td>
                      <td class="mono">{credit.utr}</td>
                      <td class="num">{creditAmount(credit)}</td>
                      <td>{credit.payer_name || '—'}</td>
                      <td>{credit.payee || '—'}</td>
                      <td>{credit.source}</td>
                      <td>
                        {credit.payment_uid ? (
                          <a class="mono" href={orderHref(credit.payment_uid)}>
                            {credit.payment_uid}
                          </a>
                        ) : (
                          'waiting'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
      <section class="card">
        <h2>Post a credit by hand</h2>
        <form class="grid" onSubmit={submit}>
          {(
            [
              ['utr', 'UTR (12 digits)'],
              ['amount', 'Amount (₹)'],
              ['payer_name', 'Payer name'],
              ['payee', 'Payee account'],
            ] as const
          ).map(([name, label]) => (
            <div key={name}>
              <label for={`credit-${name}`}>{label}</label>
              <input
                id={`credit-${name}`}
                value={form[name]}
                inputMode={name === 'utr' || name === 'amount' ? 'decimal' : undefined}
                onInput={(event) => setForm({ ...form, [name]: event.currentTarget.value })}
              />
            </div>
          ))}
          <div>
            <button type="submit" class="primary" disabled={action.busy}>
              Post credit
            </button>
          </div>
        </form>
        {action.error ? (
          <p class="error" role="alert">
            {action.error}
          </p>
        ) : null}
        {outcome ? (
          <p class="notice notice-good" role="status">
            {outcome}
          </p>
        ) : null}
      </section>
    </>
  );
}
