import { useState } from 'preact/hooks';
import { LoadState } from '../../console/components/load-state.js';
import { DoneNotice, ErrorText } from '../../console/components/notices.js';
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

const CALLBACK_CHOICES = [
  ['all', 'Every status change'],
  ['final', 'Final statuses only (completed, failed, …)'],
] as const satisfies readonly (readonly [PortalSettings['callback_statuses'], string])[];

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
  return (
    <form class="card stack" onSubmit={save} noValidate>
      <fieldset>
        <legend>Callbacks to send</legend>
        {CALLBACK_CHOICES.map(([value, text]) => (
          <label class="choice" key={value}>
            <input
              type="radio"
              name="callback_statuses"
              value={value}
              checked={statuses === value}
              onChange={() => setStatuses(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <Field
        rows={2}
        id="embed-origins"
        label="Sites that may frame the checkout"
        hint="One origin a line, like https://shop.example.in. Empty: the checkout is never framed."
        value={embed}
        onValue={setEmbed}
        error={action.errorFor('embed_origins')}
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
      <Field
        rows={2}
        id="redirect-origins"
        label="Sites payers may be sent back to"
        hint="One origin a line: an order's redirect_url must be on one of them. Empty: any site."
        value={redirects}
        onValue={setRedirects}
        error={action.errorFor('redirect_origins')}
      />
      <Field
        id="support-contact"
        label="Support contact shown to payers"
        hint="An e-mail address or phone number."
        value={support}
        onValue={setSupport}
        error={action.errorFor('support_contact')}
      />
      <ErrorText message={action.errorBesides(...FIELDS)} />
      <DoneNotice message={saved} />
      <button type="submit" class="primary" disabled={action.busy}>
        {action.busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
