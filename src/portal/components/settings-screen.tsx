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

type TextSetting = 'embed_origins' | 'default_notify_url' | 'redirect_origins' | 'support_contact';

/**
 * The settings typed as text, in the form's order; a list (of origins) is one a line. Each shows
 * its own refusal; any other is shown above the button.
 */
const TEXT_SETTINGS: readonly {
  readonly name: TextSetting;
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly list?: true;
  readonly type?: 'url';
}[] = [
  {
    name: 'embed_origins',
    id: 'embed-origins',
    label: 'Sites that may frame the checkout',
    hint: 'One origin a line, like https://shop.example.in. Empty: the checkout is never framed.',
    list: true,
  },
  {
    name: 'default_notify_url',
    id: 'default-notify-url',
    label: 'Default notify URL',
    hint: 'Where callbacks go for an order that names no notify_url. Empty: none.',
    type: 'url',
  },
  {
    name: 'redirect_origins',
    id: 'redirect-origins',
    label: 'Sites payers may be sent back to',
    hint: "One origin a line: an order's redirect_url must be on one of them. Empty: any site.",
    list: true,
  },
  {
    name: 'support_contact',
    id: 'support-contact',
    label: 'Support contact shown to payers',
    hint: 'An e-mail address or phone number.',
  },
];

function SettingsForm({ settings }: { readonly settings: PortalSettings }) {
  const { api } = useAppDeps();
  const action = useAction();
  const [saved, setSaved] = useState('');
  const [statuses, setStatuses] = useState(settings.callback_statuses);
  const [texts, setTexts] = useState(
    Object.fromEntries(
      TEXT_SETTINGS.map(({ name }) => {
        const value = settings[name];
        return [name, typeof value === 'string' ? value : value.join('\n')];
      }),
    ) as Record<TextSetting, string>,
  );
  const save = async (event: Event) => {
    event.preventDefault();
    setSaved('');
    const result = await action.run(() =>
      api.updateSettings({
        callback_statuses: statuses,
        ...Object.fromEntries(
          TEXT_SETTINGS.map(({ name, list }) => [name, list ? lines(texts[name]) : texts[name].trim()]),
        ),
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
      {TEXT_SETTINGS.map((field) => (
        <Field
          key={field.name}
          id={field.id}
          label={field.label}
          hint={field.hint}
          type={field.type}
          rows={field.list ? 2 : undefined}
          value={texts[field.name]}
          onValue={(value) => setTexts((now) => ({ ...now, [field.name]: value }))}
          error={action.errorFor(field.name)}
        />
      ))}
      <ErrorText message={action.errorBesides(...TEXT_SETTINGS.map((field) => field.name))} />
      <DoneNotice message={saved} />
      <button type="submit" class="primary" disabled={action.busy}>
        {action.busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
