import { useState } from 'preact/hooks';
import { type Column, DataTable } from '../../console/components/data-table.js';
import { LoadState } from '../../console/components/load-state.js';
import { DoneNotice, ErrorText } from '../../console/components/notices.js';
import { NewKeySecret } from '../../console/components/secret-once.js';
import { StatusBadge } from '../../console/components/status-badge.js';
import { formatIst } from '../../console/lib/format-ist.js';
import type { IssuedKey } from '../../shared/merchant-answers.js';
import type { PortalKey } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction, useResource } from '../lib/hooks.js';

const KEY_COLUMNS: readonly Column<PortalKey>[] = [
  { header: 'Key', cellClass: 'mono', cell: (key) => key.api_key },
  { header: 'State', cell: (key) => <StatusBadge status={key.status} /> },
  { header: 'Created', cell: (key) => formatIst(key.created_at) },
];

/** API keys: create a second one (its secret shown once), move to it, revoke the old one. */
export function KeysScreen() {
  const { api } = useAppDeps();
  const [keys, reload] = useResource(() => api.keys(), 'keys');
  const action = useAction();
  const [issued, setIssued] = useState<IssuedKey | undefined>(undefined);
  const [done, setDone] = useState('');
  const create = async () => {
    setDone('');
    const key = await action.run(() => api.createKey());
    if (key) {
      setIssued(key);
      reload();
    }
  };
  const revoke = async (key: string) => {
    setDone('');
    if (await action.run(() => api.revokeKey(key))) {
      setDone(`Key ${key} revoked: requests signed with it are refused from now on.`);
      reload();
    }
  };
  return (
    <>
      <h1>API keys</h1>
      <p>
        To rotate without downtime: create a second key, move your integration to it (both work meanwhile),
        then revoke the old one. The only active key cannot be revoked.
      </p>
      {issued ? (
        <NewKeySecret issued={issued} onDone={() => setIssued(undefined)} />
      ) : (
        <button type="button" class="primary" disabled={action.busy} onClick={() => void create()}>
          Create a new key
        </button>
      )}
      <DoneNotice message={done} />
      <ErrorText message={action.error?.message} />
      <LoadState resource={keys} retry={reload} what="the keys">
        {(list) => (
          <DataTable
            rows={list}
            columns={[
              ...KEY_COLUMNS,
              {
                header: 'Action',
                hiddenHeader: true,
                cell: (key) =>
                  key.status === 'active' ? (
                    <button
                      type="button"
                      disabled={action.busy}
                      aria-label={`Revoke ${key.api_key}`}
                      onClick={() => void revoke(key.api_key)}
                    >
                      Revoke
                    </button>
                  ) : (
                    <span class="muted">revoked {formatIst(key.revoked_at)}</span>
                  ),
              },
            ]}
            rowKey={(key) => key.api_key}
            caption="API keys, oldest first"
          />
        )}
      </LoadState>
    </>
  );
}
