import { useState } from 'preact/hooks';
import type { ApprovalField, ApprovalView } from '../../shared/approval-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../hooks/use-session.js';
import { formatIst } from '../lib/format-ist.js';
import { approvalsHref } from '../lib/route.js';
import { LoadedList } from './load-state.js';
import { ErrorText } from './notices.js';
import { StatusBadge } from './status-badge.js';

const STATES = [
  ['awaiting_approval', 'Awaiting approval'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['failed', 'Failed'],
  ['expired', 'Expired'],
] as const;

/**
 * Manual money actions proposed under dual control (docs/money-controls.md, Approvals): what each
 * asks for and what it would do, and, for another operator than its proposer, approve or reject
 * (a note required) in one click.
 */
export function ApprovalsScreen({ state }: { readonly state: string }) {
  const { api } = useAppDeps();
  const [list, reload] = useResource(() => api.approvals(state), `approvals:${state}`);
  return (
    <>
      <h1>Approvals</h1>
      <nav class="tabs" aria-label="Approvals by state">
        {STATES.map(([name, label]) => (
          <a
            key={name}
            class="tab"
            href={approvalsHref(name)}
            aria-current={name === state ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      <LoadedList
        resource={list}
        retry={reload}
        what="the approvals"
        empty={state === 'awaiting_approval' ? 'Nothing waits for approval.' : 'No proposals in this state.'}
      >
        {(rows) => rows.map((row) => <Proposal key={row.approval_id} approval={row} onDone={reload} />)}
      </LoadedList>
    </>
  );
}

function Proposal({ approval, onDone }: { readonly approval: ApprovalView; readonly onDone: () => void }) {
  const { api } = useAppDeps();
  const session = useSession();
  const action = useAction();
  const [note, setNote] = useState('');
  const own = approval.proposed_by === session.operator;
  const titleId = `approval-${approval.approval_id}`;
  const decide = async (approve: boolean) => {
    const done = await action.run(() =>
      approve
        ? api.approve(approval.approval_id, note.trim())
        : api.reject(approval.approval_id, note.trim()),
    );
    if (done) {
      setNote('');
      onDone();
    }
  };
  return (
    <section class="card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <span class="mono">#{approval.approval_id}</span> {approval.summary}
      </h2>
      <p>
        <StatusBadge status={approval.state} /> Proposed by <strong>{approval.proposed_by}</strong>{' '}
        {formatIst(approval.proposed_at)}
        {approval.note ? `: “${approval.note}”` : ''}
        {approval.state === 'awaiting_approval' ? `; expires ${formatIst(approval.expires_at)}` : ''}
      </p>
      <div>
        <Fields title="Asked for" fields={approval.request} />
        <Fields title="Would do (when proposed)" fields={approval.would} />
        {approval.outcome ? <Fields title="Outcome" fields={approval.outcome} /> : null}
      </div>
      {approval.decided_at ? (
        <p>
          Decided {formatIst(approval.decided_at)}
          {approval.decided_by ? ` by ${approval.decided_by}` : ''}
          {approval.decision_note ? `: “${approval.decision_note}”` : ''}
        </p>
      ) : null}
      {approval.state === 'awaiting_approval' ? (
        own ? (
          <p class="muted">You proposed this: another operator approves or rejects it.</p>
        ) : (
          <div class="filters">
            <label>
              Note
              <input
                value={note}
                onInput={(event) => setNote(event.currentTarget.value)}
                placeholder="required to reject"
              />
            </label>
            <button type="button" class="primary" disabled={action.busy} onClick={() => void decide(true)}>
              Approve
            </button>
            <button
              type="button"
              disabled={action.busy || note.trim() === ''}
              onClick={() => void decide(false)}
            >
              Reject
            </button>
          </div>
        )
      ) : null}
      <ErrorText message={action.error} />
    </section>
  );
}

function Fields({ title, fields }: { readonly title: string; readonly fields: readonly ApprovalField[] }) {
  return (
    <div>
      <h3>{title}</h3>
      <dl class="fields">
        {fields.map((field) => (
          <div key={field.name}>
            <dt>{field.name}</dt>
            <dd class="mono">{field.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
