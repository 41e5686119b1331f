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

/** The fields that show their own errors; any other refusal is shown above the button. */
const FIELDS = ['embed_origins', 'redirect_origins', 'default_notify_url', 'support_contact'];

function SettingsForm({ settings }: { readonly settings: PortalSettings }) {
  const { api } = useAppDeps();
  const action = useAction();
  const [saved, setSaved] = useState('');
  const [statuses, setStatuses] = useState(settings.callback_statuses);
  const [embed, setEmbed] = useState(settings.embed_origins.join('\n'));
  const [support, setSupport] = useState(settings.support_contact);
  const [notifyUrl, setNotifyUrl] = useState(settings.default_notify_url);
  const [redirects, setRedirects] = useState(settings.redirect_origins.join('\n'));
  const save = async (event: Event) => {
    event.preventDefault();
    setSaved('');
    const result = await action.run(() =>
      api.updateSettings({
        callback_statuses: statuses,
        embed_origins: lines(embed),
        support_contact: support.trim(),
        default_notify_url: notifyUrl.trim(),
        redirect_origins: lines(redirects),
      }),
    );
    if (result) setSaved('Settings saved.');
  };
  const embedError = action.errorFor('embed_origins');
  const redirectError = action.errorFor('redirect_origins');
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
      <OriginsField
        id="embed-origins"
        label="Sites that may frame the checkout"
        hint="One origin a line, like https://shop.example.in. Empty: the checkout is never framed."
        value={embed}
        onValue={setEmbed}
        error={embedError}
      />
      <Field
        id="default-notify-url"
        label="Default notify URL"
        hint="Where callbacks go for an order that names no notify_url. Empty: none."
        type="url"
        value={notifyUrl}
        onValue={setNotifyUrl}
        error={action.errorFor('default_notify_url')}
      />
      <OriginsField
        id="redirect-origins"
        label="Sites payers may be sent back to"
        hint="One origin a line: an order's redirect_url must be on one of them. Empty: any site."
        value={redirects}
        onValue={setRedirects}
        error={redirectError}
      />
      <Field
        id="support-contact"
        label="Support contact shown to payers"
        hint="An e-mail address or phone number."
        value={support}
        onValue={setSupport}
        error={action.errorFor('support_contact')}
      />
      {action.error && !FIELDS.includes(action.error.field) ? (
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

interface OriginsFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly error: string | undefined;
}

/** A list of origins, one a line, with its hint and its error next to it. */
function OriginsField({ id, label, hint, value, onValue, error }: OriginsFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <p id={`${id}-hint`} class="muted small">
        {hint}
      </p>
      <textarea
        id={id}
        rows={2}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
