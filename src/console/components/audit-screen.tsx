import { useState } from 'preact/hooks';
import type { AuditEntry } from '../../shared/audit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useResource } from '../hooks/use-resource.js';
import { auditChanges } from '../lib/audit-diff.js';
import { formatIst } from '../lib/format-ist.js';
import { type Column, DataTable } from './data-table.js';
import { LoadState } from './load-state.js';
import { Pager } from './pager.js';

const COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When (IST)', cell: (row) => formatIst(row.at) },
  { header: 'Operator', cell: (row) => row.actor },
  { header: 'Action', cell: (row) => row.action },
  { header: 'Subject', cellClass: 'mono', cell: (row) => row.subject },
  { header: 'Note', cell: (row) => row.note },
  {
    header: 'Changes',
    cellClass: 'small',
    cell: (row) => <AuditDiff before={row.before} after={row.after} />,
  },
];

/** Every manual action, newest first: who, when, what, on what, why; filterable and paged. */
export function AuditScreen() {
  const { api } = useAppDeps();
  const [filters, setFilters] = useState({ actor: '', action: '', subject: '' });
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const [rows, reload] = useResource(
    () => api.audit({ ...filters, ...(before ? { before } : {}) }),
    `audit:${JSON.stringify(filters)}:${before ?? ''}`,
  );
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setCursors([]);
    setFilters({
      actor: String(form.get('actor') ?? '').trim(),
      action: String(form.get('action') ?? '').trim(),
      subject: String(form.get('subject') ?? '').trim(),
    });
  };
  return (
    <>
      <h1>Audit log</h1>
      <form class="filters" onSubmit={submit} aria-label="Filter the audit log">
        <label>
          Operator
          <input name="actor" defaultValue={filters.actor} />
        </label>
        <label>
          Action
          <input name="action" defaultValue={filters.action} />
        </label>
        <label>
          Subject
          <input name="subject" defaultValue={filters.subject} />
        </label>
        <button type="submit" class="primary">
          Filter
        </button>
      </form>
      <LoadState resource={rows} retry={reload} what="the audit log">
        {(list) =>
          list.length === 0 ? (
            <p class="muted" role="status">
              No manual actions recorded
              {filters.actor || filters.action || filters.subject ? ' that match' : ''}.
            </p>
          ) : (
            <>
              <DataTable
                rows={list}
                columns={COLUMNS}
                rowKey={(row) => String(row.id)}
                caption="Manual actions, newest first"
              />
              <Pager
                cursors={cursors}
                onChange={setCursors}
                next={list.length < 50 ? undefined : String(list.at(-1)?.id ?? '')}
              />
            </>
          )
        }
      </LoadState>
    </>
  );
}

/** What the action changed, one `field: old -> new` line each. */
function AuditDiff({ before, after }: { readonly before: unknown; readonly after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span class="muted">no field changed</span>;
  return (
    <ul class="plain">
      {changes.map((change) => (
        <li key={change.field}>
          <span class="mono">{change.field}</span>: {change.before} -&gt; {change.after}
        </li>
      ))}
    </ul>
  );
}
