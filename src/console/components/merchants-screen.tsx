import { useState } from 'preact/hooks';
import type { MerchantView } from '../../shared/console-views.js';
import type { IssuedKey } from '../../shared/merchant-answers.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { formatIst } from '../lib/format-ist.js';
import { draftOf, merchantBody } from '../lib/merchant-form.js';
import { merchantHref } from '../lib/route.js';
import { type Column, DataTable } from './data-table.js';
import { LoadedList } from './load-state.js';
import { MerchantForm } from './merchant-form.js';
import { SecretOnce } from './secret-once.js';
import { StatusBadge } from './status-badge.js';

const COLUMNS: readonly Column<MerchantView>[] = [
  { header: 'Name', cell: (merchant) => <a href={merchantHref(merchant.uid)}>{merchant.name}</a> },
  { header: 'UID', cellClass: 'mono', cell: (merchant) => merchant.uid },
  { header: 'UPI', cell: (merchant) => merchant.upi_vpa || '—' },
  { header: 'Status', cell: (merchant) => <StatusBadge status={merchant.status} /> },
  { header: 'Created (IST)', cell: (merchant) => formatIst(merchant.created_at) },
];

/** Every merchant, and a form to create one (its first API key's secret shown once). */
export function MerchantsScreen() {
  const { api } = useAppDeps();
  const [merchants, reload] = useResource(() => api.merchants(), 'merchants');
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<(IssuedKey & { name: string }) | undefined>(undefined);
  const action = useAction();
  const create = async (draft: ReturnType<typeof draftOf>) => {
    const result = await action.run(() => api.createMerchant(merchantBody(draft)));
    if (result) {
      setCreating(false);
      setIssued({ ...result, name: result.merchant.name });
      reload();
    }
  };
  return (
    <>
      <div class="title-row">
        <h1>Merchants</h1>
        {creating ? null : (
          <button type="button" class="primary" onClick={() => setCreating(true)}>
            New merchant
          </button>
        )}
      </div>
      {issued ? (
        <SecretOnce
          title={`${issued.name} created`}
          fields={[
            ['Merchant UID', issued.merchant_uid],
            ['API key', issued.api_key],
            ['API secret', issued.api_secret],
          ]}
          onDone={() => setIssued(undefined)}
        />
      ) : null}
      {creating ? (
        <section class="card">
          <h2>New merchant</h2>
          <MerchantForm
            initial={draftOf(undefined)}
            submitLabel="Create merchant"
            busy={action.busy}
            error={action.error}
            onSubmit={(draft) => void create(draft)}
          />
          <button type="button" onClick={() => setCreating(false)}>
            Cancel
          </button>
        </section>
      ) : null}
      <LoadedList resource={merchants} retry={reload} what="merchants" empty="No merchants yet.">
        {(list) => (
          <DataTable rows={list} columns={COLUMNS} rowKey={(merchant) => merchant.uid} caption="Merchants" />
        )}
      </LoadedList>
    </>
  );
}
