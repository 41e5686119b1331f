import type { TodaySummary } from '../../shared/console-views.js';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../hooks/use-resource.js';
import { ATTENTION_LABELS, ATTENTION_ORDER, attentionTotal } from '../lib/attention-kinds.js';
import { formatCount, formatInr } from '../lib/format-inr.js';
import { formatIst, istDay } from '../lib/format-ist.js';
import { approvalsHref, attentionHref, creditsHref, ordersHref } from '../lib/route.js';
import { matchRate, STATUS_GROUPS, todayRows } from '../lib/today-figures.js';
import { LoadState } from './load-state.js';

/**
 * Today's collections and payouts by status, the count of each kind of case needing attention,
 * matching, waiting credits and failing callbacks.
 */
export function TodayScreen() {
  const { api } = useAppDeps();
  const [summary, reload] = useResource(() => api.today(), 'today');
  return (
    <>
      <div class="title-row">
        <h1>Today</h1>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      <LoadState resource={summary} retry={reload} what="today's figures">
        {(data) => (
          <>
            <DualControl summary={data} />
            <p class="muted">Since {formatIst(data.since)}</p>
            <section aria-labelledby="attention-title">
              <h2 id="attention-title">
                <a href={attentionHref()}>Needs attention</a>: {formatCount(attentionTotal(data.attention))}
              </h2>
              <ul class="plain counts">
                {ATTENTION_ORDER.map((kind) => (
                  <li key={kind}>
                    <a href={attentionHref(kind)}>
                      <span class="figure">{formatCount(data.attention[kind])}</span> {ATTENTION_LABELS[kind]}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            <div class="table-wrap">
              <table>
                <caption>Orders created today</caption>
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    {STATUS_GROUPS.map((group) => (
                      <th scope="col" key={group.label}>
                        {group.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {todayRows(data).map((row) => (
                    <tr key={row.kind}>
                      <th scope="row">{row.label}</th>
                      {row.figures.map((figure) => (
                        <td key={figure.status}>
                          <a
                            href={ordersHref({
                              kind: row.kind,
                              status: figure.status,
                              from: istDay(data.since),
                            })}
                          >
                            <span class="figure">{formatCount(figure.count)}</span>
                            <span class="amount">{formatInr(figure.amount)}</span>
                          </a>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <section class="tiles" aria-label="Credits">
              <div class="tile">
                <h2>Match rate</h2>
                <p class="figure">{matchRate(data.credits.received, data.credits.matched)}</p>
                <p class="muted">
                  {formatCount(data.credits.matched)} of {formatCount(data.credits.received)} credits today
                  matched
                </p>
              </div>
              <div class="tile">
                <h2>Credits waiting</h2>
                <p class="figure">
                  <a href={creditsHref('waiting')}>{formatCount(data.credits.waiting)}</a>
                </p>
                <p class="muted">received, no order matched yet</p>
              </div>
              <div class="tile">
                <h2>Frozen by a statement</h2>
                <p class="figure">{formatCount(data.credits.frozen)}</p>
                <p class="muted">
                  texts' credits a bank statement contradicted, money held back (
                  <code>npm run operator -- credit:frozen</code>)
                </p>
              </div>
            </section>
            <section>
              <h2>Callbacks failing</h2>
              {data.failing_callbacks.length === 0 ? (
                <p class="muted">No merchant has failing callbacks.</p>
              ) : (
                <ul class="plain">
                  {data.failing_callbacks.map((row) => (
                    <li key={row.merchant_uid}>
                      <a href={ordersHref({ merchant_uid: row.merchant_uid, callback: 'failing' })}>
                        {row.merchant_name}: {formatCount(row.count)} failing
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}

/**
 * Dual control as deployed (docs/money-controls.md, Approvals): a production service where one
 * operator alone may move money says so; proposals waiting for a second operator link to them.
 */
function DualControl({ summary }: { readonly summary: TodaySummary }) {
  const alone = summary.mode === 'production' && summary.dual_control === 'off';
  const waiting = summary.awaiting_approval ?? 0;
  return (
    <>
      {alone ? (
        <p class="error" role="alert">
          Dual control is off (DUAL_CONTROL=off): one operator alone can post credits, match them, import
          statements and set orders' status.
        </p>
      ) : null}
      {waiting > 0 ? (
        <p>
          <a href={approvalsHref()}>
            {formatCount(waiting)} {waiting === 1 ? 'action awaits' : 'actions await'} a second operator's
            approval
          </a>
        </p>
      ) : null}
    </>
  );
}
