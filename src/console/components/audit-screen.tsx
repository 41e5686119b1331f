import { useState } from 'preact/hooks';
import type { AuditEntry } from '../../shared/audit-views.js';
import { useAppDeps } from '../app-deps.js';
import { usePagedResource } from '../hooks/use-pages.js';
import { auditChanges } from '../lib/audit-diff.js';
import { formValues } from '../lib/form-values.js';
import { formatIst } from '../lib/format-ist.js';
import { type Column, DataTable } from './data-table.js';
import { FilterForm, TextFilter } from './filters.js';
import { idPage, PagedList } from './paged-list.js';

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
  const key = JSON.stringify(filters);
  const list = usePagedResource((before) => api.audit({ ...filters, ...(before ? { before } : {}) }), key);
  const submit = (event: Event) => {
    event.preventDefault();
    list.pages.setCursors([]);
    setFilters({ actor: '', action: '', subject: '', ...formValues(event) });
  };
  return (
    <>
      <h1>Audit log</h1>
      <FilterForm label="Filter the audit log" submitLabel="Filter" onSubmit={submit}>
        <TextFilter label="Operator" name="actor" value={filters.actor} />
        <TextFilter label="Action" name="action" value={filters.action} />
        <TextFilter label="Subject" name="subject" value={filters.subject} />
      </FilterForm>
      <PagedList
        list={list}
        what="the audit log"
        page={(list) => idPage(list)}
        empty={`No manual actions recorded${filters.actor || filters.action || filters.subject ? ' that match' : ''}.`}
      >
        {(list) => (
          <DataTable
            rows={list}
            columns={COLUMNS}
            rowKey={(row) => String(row.id)}
            caption="Manual actions, newest first"
          />
        )}
      </PagedList>
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
