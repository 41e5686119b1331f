import { useState } from 'preact/hooks';
import { fieldError } from '../lib/field-error.js';
import {
  CALLBACK_STATUS_CHOICES,
  MERCHANT_FIELDS,
  type MerchantDraft,
  PAYOUT_CHANNEL_CHOICES,
} from '../lib/merchant-form.js';
import { describedBy, FieldErrorText, FormAlert } from './field-error-text.js';

export interface MerchantFormProps {
  readonly initial: MerchantDraft;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly error: string;
  readonly onSubmit: (draft: MerchantDraft) => void;
}

/** A merchant's display settings, collection accounts, limits, frame origins and callbacks. */
export function MerchantForm({ initial, submitLabel, busy, error, onSubmit }: MerchantFormProps) {
  const [draft, setDraft] = useState(initial);
  // An error the API tied to one field is shown under that field; any other under the form.
  const misfit = fieldError(
    error,
    MERCHANT_FIELDS.map((field) => field.name),
  );
  const groups = [...new Set(MERCHANT_FIELDS.map((field) => field.group))];
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      {groups.map((group) => (
        <fieldset key={group}>
          <legend>{group}</legend>
          <div class="grid">
            {MERCHANT_FIELDS.filter((field) => field.group === group).map((field) => {
              const id = `merchant-${field.name}`;
              const wrong = misfit?.field === field.name ? misfit.message : '';
              const described = describedBy(id, wrong);
              const onInput = (event: { currentTarget: { value: string } }) =>
                setDraft({ ...draft, [field.name]: event.currentTarget.value });
              return (
                <div key={field.name} class={field.name === 'embed_origins' ? 'wide' : ''}>
                  <label for={id}>{field.label}</label>
                  {field.name === 'embed_origins' ? (
                    <textarea id={id} rows={3} value={draft[field.name]} onInput={onInput} {...described} />
                  ) : field.name === 'callback_statuses' ? (
                    <select id={id} value={draft[field.name] || 'all'} onChange={onInput} {...described}>
                      {CALLBACK_STATUS_CHOICES.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  ) : field.name === 'payout_channel' ? (
                    <select id={id} value={draft[field.name]} onChange={onInput} {...described}>
                      {PAYOUT_CHANNEL_CHOICES.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input id={id} value={draft[field.name]} onInput={onInput} {...described} />
                  )}
                  <FieldErrorText id={id} wrong={wrong} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <FormAlert error={error} misfit={misfit} label={labelOf} />
      <div>
        <button type="submit" class="primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

const labelOf = (name: string) => MERCHANT_FIELDS.find((field) => field.name === name)?.label ?? name;
