import { formatIst } from '../../console/lib/format-ist.js';
import type { OrderCallbacks } from '../api/portal-api.js';

/** Every attempt to deliver an order's callbacks: status code, the answer's first bytes, time. */
export function AttemptsTable({ attempts }: { readonly attempts: OrderCallbacks['attempts'] }) {
  if (attempts.length === 0) return <p class="muted">No attempt yet.</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">Callback attempts</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Status reported</th>
            <th scope="col">Answer</th>
            <th scope="col" class="num">
              Took
            </th>
            <th scope="col">What came back</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id} data-kind="attempt">
              <td>{formatIst(attempt.started_at)}</td>
              <td>{attempt.payment_status}</td>
              <td>{attempt.http_status ?? 'no answer'}</td>
              <td class="num">{attempt.latency_ms} ms</td>
              <td class="mono snippet">{attempt.error || attempt.response_snippet || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
