import { useState } from 'preact/hooks';
import type { ListedText } from '../../shared/credit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { fieldError, labelIn } from '../lib/field-error.js';
import { istIso } from '../lib/format-ist.js';
import { describedBy, FieldErrorText, FormAlert } from './field-error-text.js';

/** The credit's fields as the API names them, with their labels; the note last, across the form. */
const FIX_FIELDS = [
  ['utr', 'UTR (12 digits)'],
  ['amount', 'Amount (₹)'],
  ['payer_name', 'Payer'],
  ['credited_at', 'Credited at (blank: when received)'],
  ['note', 'Note'],
] as const;

/**
 * An unparsed bank text beside a credit form prefilled with what the service's bank-text parser
 * found in it (the row's `reading`; a part it did not find starts blank); the note is required.
 */
export function FixTextForm({
  text,
  onDone,
}: {
  readonly text: ListedText;
  readonly onDone: (message: string) => void;
}) {
  const { api } = useAppDeps();
  const [draft, setDraft] = useState(() => ({
    utr: text.reading?.utr ?? '',
    amount: text.reading?.amount ?? '',
    payer_name: text.reading?.payer_name ?? '',
    credited_at: text.reading?.credited_at ? istIso(text.reading.credited_at) : '',
    note: '',
  }));
  const [missing, setMissing] = useState('');
  const action = useAction();
  const id = (name: string) => `fix-${text.id}-${name}`;
  // A refusal of one field is shown under it; any other, or the missing note, under the form.
  const misfit = missing
    ? undefined
    : fieldError(
        action.error,
        FIX_FIELDS.map(([name]) => name),
      );
  const wrongOf = (name: string) => (misfit?.field === name ? misfit.message : '');
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!draft.note.trim()) return setMissing('A note is required.');
    setMissing('');
    const body: Record<string, string> = {
      utr: draft.utr.trim(),
      amount: draft.amount.trim(),
      note: draft.note.trim(),
    };
    if (draft.payer_name.trim()) body.payer_name = draft.payer_name.trim();
    if (draft.credited_at.trim()) body.credited_at = draft.credited_at.trim();
    const done = await action.run(() => api.fixText(text.id, body));
    if (done) onDone(`Text ${text.id} fixed into credit ${body.utr}.`);
  };
  return (
    <div class="fix">
      <figure class="raw-text">
        <figcaption>
          From {text.sender || 'unknown sender'} to {text.account || 'the source account'} ({text.reason})
        </figcaption>
        <pre>{text.body}</pre>
      </figure>
      <form class="grid" onSubmit={submit} aria-label={`Fix text ${text.id}`}>
        {FIX_FIELDS.map(([name, label]) => (
          <div key={name} class={name === 'note' ? 'wide' : undefined}>
            <label for={id(name)}>{label}</label>
            <input
              id={id(name)}
              value={draft[name]}
              onInput={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
              {...describedBy(id(name), wrongOf(name))}
            />
            <FieldErrorText id={id(name)} wrong={wrongOf(name)} />
          </div>
        ))}
        <FormAlert
          class="error wide"
          error={missing || action.error}
          misfit={misfit}
          label={labelIn(FIX_FIELDS)}
        />
        <div>
          <button type="submit" class="primary" disabled={action.busy}>
            Fix into a credit
          </button>
        </div>
      </form>
    </div>
  );
}
