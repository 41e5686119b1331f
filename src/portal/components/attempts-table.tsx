import { type Column, DataTable } from '../../console/components/data-table.js';
import { formatIst } from '../../console/lib/format-ist.js';
import type { OrderCallbacks } from '../api/portal-api.js';

type Attempt = OrderCallbacks['attempts'][number];

const COLUMNS: readonly Column<Attempt>[] = [
  { header: 'Time', cell: (attempt) => formatIst(attempt.started_at) },
  { header: 'Status reported', cell: (attempt) => attempt.payment_status },
  { header: 'Answer', cell: (attempt) => attempt.http_status ?? 'no answer' },
  { header: 'Took', class: 'num', cell: (attempt) => `${attempt.latency_ms} ms` },
  {
    header: 'What came back',
    cellClass: 'mono snippet',
    cell: (attempt) => attempt.error || attempt.response_snippet || '—',
  },
];

/** Every attempt to deliver an order's callbacks: status code, the answer's first bytes, time. */
export function AttemptsTable({ attempts }: { readonly attempts: OrderCallbacks['attempts'] }) {
  if (attempts.length === 0) return <p class="muted">No attempt yet.</p>;
  return (
    <DataTable
      rows={attempts}
      columns={COLUMNS}
      rowKey={(attempt) => String(attempt.id)}
      caption="Callback attempts"
      rowKind="attempt"
    />
  );
}
