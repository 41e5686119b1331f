import { useState } from 'preact/hooks';
import type { MerchantDetail } from '../../shared/console-views.js';
import type { IssuedKey } from '../../shared/merchant-answers.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useConfirmed } from '../hooks/use-confirmed.js';
import { useResource } from '../hooks/use-resource.js';
import { formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { draftOf, merchantBody } from '../lib/merchant-form.js';
import { orderHref, ordersHref } from '../lib/route.js';
import { BackLink } from './back-link.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { CreditSources } from './credit-sources.js';
import { LedgerTable } from './ledger-table.js';
import { LoadedList, LoadState } from './load-state.js';
import { MerchantForm } from './merchant-form.js';
import { DoneNotice, ErrorText } from './notices.js';
import { NewKeySecret } from './secret-once.js';
import { StatusBadge } from './status-badge.js';

type Pending =
  | { kind: 'revoke'; key: string }
  | { kind: 'status'; enable: boolean }
  | { kind: 'unblock'; fromName: string };

/** One merchant: balance and ledger, settings, API keys, blacklist, disable or enable. */
export function MerchantScreen({ merchantUid }: { readonly merchantUid: string }) {
  const { api } = useAppDeps();
  const [merchant, reloadMerchant] = useResource(() => api.merchant(merchantUid), `merchant:${merchantUid}`);
  const [ledger, reloadLedger] = useResource(() => api.ledger(merchantUid), `ledger:${merchantUid}`);
  const [blacklist, reloadBlacklist] = useResource(
    () => api.blacklist(merchantUid),
    `blacklist:${merchantUid}`,
  );
  const [issued, setIssued] = useState<IssuedKey | undefined>(undefined);
  const [saved, setSaved] = useState('');
  const [blockName, setBlockName] = useState('');
  const save = useAction();
  const keys = useAction();
  const block = useAction();
  const confirmed = useConfirmed<Pending>();
  const pending = confirmed.asked;

  const onConfirm = () =>
    confirmed.confirm(
      (what) =>
        what.kind === 'revoke'
          ? api.revokeKey(merchantUid, what.key)
          : what.kind === 'status'
            ? api.setMerchantEnabled(merchantUid, what.enable)
            : api.removeFromBlacklist(merchantUid, what.fromName),
      () => {
        reloadMerchant();
        reloadBlacklist();
      },
    );

  return (
    <>
      <BackLink href="#/merchants" to="Merchants" />
      <LoadState resource={merchant} retry={reloadMerchant} what="the merchant" heading="Merchant">
        {(data: MerchantDetail) => (
          <>
            <div class="title-row">
              <h1>
                {data.name} <StatusBadge status={data.status} />
              </h1>
              <button
                type="button"
                onClick={() => confirmed.ask({ kind: 'status', enable: data.status !== 'active' })}
              >
                {data.status === 'active' ? 'Disable merchant' : 'Enable merchant'}
              </button>
            </div>
            <p class="mono muted">{data.uid}</p>
            <section class="tiles" aria-label="Balance">
              <div class="tile">
                <h2>Available</h2>
                <p class="figure">{formatInr(data.balance.inr)}</p>
              </div>
              <div class="tile">
                <h2>Held for payouts</h2>
                <p class="figure">{formatInr(data.balance.inr_held)}</p>
              </div>
              <div class="tile">
                <h2>Pending confirmation</h2>
                <p class="figure">{formatInr(data.balance.inr_pending)}</p>
              </div>
              <div class="tile">
                <h2>Frozen</h2>
                <p class="figure">{formatInr(data.balance.inr_frozen)}</p>
              </div>
              <div class="tile">
                <h2>Orders</h2>
                <p class="figure">
                  <a href={ordersHref({ merchant_uid: data.uid })}>All orders</a>
                </p>
              </div>
            </section>

            <section>
              <h2>API keys</h2>
              {issued ? <NewKeySecret issued={issued} onDone={() => setIssued(undefined)} /> : null}
              <ul class="plain">
                {data.keys.map((key) => (
                  <li key={key.key} class="row">
                    <code class="mono">{key.key}</code> <StatusBadge status={key.status} />
                    <span class="muted">created {formatIst(key.created_at)}</span>
                    {key.status === 'active' ? (
                      <button type="button" onClick={() => confirmed.ask({ kind: 'revoke', key: key.key })}>
                        Revoke {key.key}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
              <ErrorText message={keys.error} />
              <button
                type="button"
                disabled={keys.busy}
                onClick={async () => {
                  const key = await keys.run(() => api.issueKey(merchantUid));
                  if (key) {
                    setIssued(key);
                    reloadMerchant();
                  }
                }}
              >
                Create API key
              </button>
            </section>

            <CreditSources merchant={data} />

            <section>
              <h2>Settings</h2>
              <DoneNotice message={saved} />
              <MerchantForm
                key={data.uid}
                initial={draftOf(data)}
                submitLabel="Save settings"
                busy={save.busy}
                error={save.error}
                onSubmit={async (draft) => {
                  setSaved('');
                  const body = merchantBody(draft, draftOf(data));
                  if (Object.keys(body).length === 0) {
                    setSaved('Nothing changed.');
                    return;
                  }
                  if (await save.run(() => api.updateMerchant(merchantUid, body))) {
                    setSaved('Settings saved.');
                    reloadMerchant();
                  }
                }}
              />
            </section>
          </>
        )}
      </LoadState>

      <section>
        <h2>Blacklisted payer names</h2>
        <LoadedList
          resource={blacklist}
          retry={reloadBlacklist}
          what="the blacklist"
          empty="Nobody is blacklisted."
        >
          {(entries) => (
            <ul class="plain">
              {entries.map((entry) => (
                <li key={entry.from_name} class="row">
                  {entry.from_name}
                  <button
                    type="button"
                    onClick={() => confirmed.ask({ kind: 'unblock', fromName: entry.from_name })}
                  >
                    Remove {entry.from_name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </LoadedList>
        <form
          class="row"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!blockName.trim()) return;
            if ((await block.run(() => api.addToBlacklist(merchantUid, blockName.trim()))) !== undefined) {
              setBlockName('');
              reloadBlacklist();
            }
          }}
        >
          <label for="block-name">Payer name</label>
          <input
            id="block-name"
            value={blockName}
            onInput={(event) => setBlockName(event.currentTarget.value)}
          />
          <button type="submit" disabled={block.busy}>
            Add to blacklist
          </button>
        </form>
        <ErrorText message={block.error} />
      </section>

      <section>
        <h2>Recent ledger entries</h2>
        <LoadedList
          resource={ledger}
          retry={reloadLedger}
          what="ledger entries"
          empty="No ledger entries yet."
        >
          {(lines) => (
            <LedgerTable
              lines={lines}
              caption="Recent ledger entries"
              timeHeader="When (IST)"
              orderHref={orderHref}
            />
          )}
        </LoadedList>
      </section>

      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'revoke'
              ? 'Revoke API key'
              : pending.kind === 'status'
                ? pending.enable
                  ? 'Enable merchant'
                  : 'Disable merchant'
                : 'Remove from blacklist'
          }
          message={
            pending.kind === 'revoke'
              ? `Requests signed with ${pending.key} will be refused from now on.`
              : pending.kind === 'status'
                ? pending.enable
                  ? 'The merchant will be able to create orders again.'
                  : 'The merchant will not be able to create orders until enabled again.'
                : `${pending.fromName} will be able to pay this merchant again.`
          }
          confirmLabel="Confirm"
          noteOptional
          {...confirmed.dialog}
          onConfirm={() => void onConfirm()}
        />
      ) : null}
    </>
  );
}
