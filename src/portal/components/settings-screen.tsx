import { useState } from 'preact/hooks';
import { LoadState } from '../../console/components/load-state.js';
import type { PortalSettings } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction, useResource } from '../lib/hooks.js';
import { Field } from './field.js';

/** The settings a merchant changes: callbacks, where the checkout may be framed, payers' support contact. */
export function SettingsScreen() {
  const { api } = useAppDeps();
  const [settings, reload] = useResource(() => api.settings(), 'settings');
  return (
    <>
      <h1>Settings</h1>
      <LoadState resource={settings} retry={reload} what="the settings">
        {(data) => <SettingsForm settings={data} />}
      </LoadState>
    </>
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function SettingsForm({ settings }: { readonly settings: PortalSettings }) {
  const { api } = useAppDeps();
  const action = useAction();
  const [saved, setSaved] = useState('');
  const [statuses, setStatuses] = useState(settings.callback_statuses);
  const [embed, setEmbed] = useState(settings.embed_origins.join('\n'));
  const [support, setSupport] = useState(settings.support_contact);
  const save = async (event: Event) => {
    event.preventDefault();
    setSaved('');
    const result = await action.run(() =>
      api.updateSettings({
        callback_statuses: statuses,
        embed_origins: lines(embed),
        support_contact: support.trim(),
      }),
    );
    if (result) setSaved('Settings saved.');
  };
  const embedError = action.errorFor('embed_origins');
  return (
    <form class="card stack" onSubmit={save} noValidate>
      <fieldset>
        <legend>Callbacks to send</legend>
        <label class="choice">
          <input
            type="radio"
            name="callback_statuses"
            value="all"
            checked={statuses === 'all'}
            onChange={() => setStatuses('all')}
          />
          Every status change
        </label>
        <label class="choice">
          <input
            type="radio"
            name="callback_statuses"
            value="final"
            checked={statuses === 'final'}
            onChange={() => setStatuses('final')}
          />
          Final statuses only (completed, failed, …)
        </label>
      </fieldset>
      <div class="field">
        <label for="embed-origins">Sites that may frame the checkout</label>
        <p id="embed-origins-hint" class="muted small">
          One origin a line, like https://shop.example.in. Empty: the checkout is never framed.
        </p>
        <textarea
          id="embed-origins"
          rows={3}
          value={embed}
          onInput={(event) => setEmbed(event.currentTarget.value)}
          aria-describedby={embedError ? 'embed-origins-hint embed-origins-error' : 'embed-origins-hint'}
          aria-invalid={embedError ? true : undefined}
        />
        {embedError ? (
          <p id="embed-origins-error" class="field-error" role="alert">
            {embedError}
          </p>
        ) : null}
      </div>
      <Field
        id="support-contact"
        label="Support contact shown to payers"
        hint="An e-mail address or phone number."
        value={support}
        onValue={setSupport}
        error={action.errorFor('support_contact')}
      />
      {action.error && !['embed_origins', 'support_contact'].includes(action.error.field) ? (
        <p class="error" role="alert">
          {action.error.message}
        </p>
      ) : null}
      {saved ? (
        <p class="notice notice-good" role="status">
          {saved}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={action.busy}>
        {action.busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
