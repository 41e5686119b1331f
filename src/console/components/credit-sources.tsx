import { useState } from 'preact/hooks';
import type { MerchantDetail } from '../../shared/console-views.js';
import type { CreatedCreditSource } from '../../shared/credit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { fieldError, labelIn } from '../lib/field-error.js';
import { formatIst } from '../lib/format-ist.js';
import { describedBy, FieldErrorText, FormAlert } from './field-error-text.js';
import { SecretOnce } from './secret-once.js';
import { StatusBadge } from './status-badge.js';

/** A new source's fields as the API names them, with their labels. */
const SOURCE_FIELDS = [
  ['name', 'Source name'],
  ['kind', 'Kind'],
  ['account', 'Account'],
] as const;
type SourceField = (typeof SOURCE_FIELDS)[number][0];

/** The kinds of source, as the API names them and as the form offers them. */
const KINDS = [
  ['sms', 'SMS / e-mail alerts'],
  ['statement', 'Statements'],
  ['api', 'API'],
] as const;

/** A merchant's credit sources: where its credits come from (an SMS token is shown once). */
export function CreditSources({ merchant }: { readonly merchant: MerchantDetail }) {
  const { api } = useAppDeps();
  const [sources, reload] = useResource(() => api.creditSources(merchant.uid), `sources:${merchant.uid}`);
  const accounts = [merchant.upi_vpa, merchant.imps_account].filter(Boolean);
  const [draft, setDraft] = useState({ name: '', kind: 'sms', account: accounts[0] ?? '' });
  const [created, setCreated] = useState<CreatedCreditSource | undefined>(undefined);
  const create = useAction();
  const revoke = useAction();
  // A refusal of one field of the new source is shown under it; any other under the form.
  const misfit = fieldError(
    create.error,
    SOURCE_FIELDS.map(([name]) => name),
  );
  // The kind and the account are chosen from lists; the name is typed.
  const choicesOf: Partial<Record<SourceField, readonly (readonly [string, string])[]>> = {
    kind: KINDS,
    account: accounts.map((account) => [account, account] as const),
  };
  const wrongOf = (name: string) => (misfit?.field === name ? misfit.message : '');
  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await create.run(() =>
      api.createCreditSource({ merchant_uid: merchant.uid, ...draft, name: draft.name.trim() }),
    );
    if (result) {
      setCreated(result);
      setDraft({ ...draft, name: '' });
      reload();
    }
  };
  return (
    <section>
      <h2>Credit sources</h2>
      {created?.ingest_token ? (
        <SecretOnce
          title={`SMS source ${created.name} added`}
          fields={[
            ['Ingest token', created.ingest_token],
            ['SMS forwarding URL', created.sms_url ?? ''],
            ['E-mail forwarding URL', created.email_url ?? ''],
          ]}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      {sources.state === 'ready' ? (
        sources.data.length === 0 ? (
          <p class="muted">No credit sources yet.</p>
        ) : (
          <ul class="plain">
            {sources.data.map((source) => (
              <li key={source.id} class="row">
                <strong>{source.name}</strong> {source.kind} → {source.account}{' '}
                <StatusBadge status={source.state} />
                <span class="muted">
                  since {formatIst(source.created_at)} · last text{' '}
                  {source.last_text_at ? formatIst(source.last_text_at) : 'none yet'} · last heartbeat{' '}
                  {source.last_heartbeat_at ? formatIst(source.last_heartbeat_at) : 'none yet'} ·{' '}
                  {source.texts_last_hour} texts in the last hour
                </span>
                {source.status === 'active' ? (
                  <button
                    type="button"
                    disabled={revoke.busy}
                    onClick={async () => {
                      if ((await revoke.run(() => api.revokeCreditSource(source.id))) !== undefined) reload();
                    }}
                  >
                    Revoke {source.name}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : sources.state === 'error' ? (
        <p class="error" role="alert">
          Could not load credit sources: {sources.message}
        </p>
      ) : null}
      {accounts.length === 0 ? (
        <p class="muted">
          Add a UPI address or IMPS account in the settings first: a source belongs to one account.
        </p>
      ) : (
        <form class="grid" onSubmit={submit} aria-label="Add a credit source">
          {SOURCE_FIELDS.map(([name, label]) => {
            const id = `source-${name}`;
            const choices = choicesOf[name];
            const described = describedBy(id, wrongOf(name));
            return (
              <div key={name}>
                <label for={id}>{label}</label>
                {choices ? (
                  <select
                    id={id}
                    value={draft[name]}
                    onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
                    {...described}
                  >
                    {choices.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    value={draft[name]}
                    onInput={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
                    {...described}
                  />
                )}
                <FieldErrorText id={id} wrong={wrongOf(name)} />
              </div>
            );
          })}
          <div>
            <button type="submit" disabled={create.busy}>
              Add credit source
            </button>
          </div>
        </form>
      )}
      <FormAlert error={create.error || revoke.error} misfit={misfit} label={labelIn(SOURCE_FIELDS)} />
    </section>
  );
}
