import { useState } from 'preact/hooks';
import type { ListedText } from '../../shared/credit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { istIso } from '../lib/format-ist.js';

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
        {(
          [
            ['utr', 'UTR (12 digits)'],
            ['amount', 'Amount (₹)'],
            ['payer_name', 'Payer'],
            ['credited_at', 'Credited at (blank: when received)'],
          ] as const
        ).map(([name, label]) => (
          <div key={name}>
            <label for={id(name)}>{label}</label>
            <input
              id={id(name)}
              value={draft[name]}
              onInput={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
            />
          </div>
        ))}
        <div class="wide">
          <label for={id('note')}>Note</label>
          <input
            id={id('note')}
            value={draft.note}
            onInput={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
          />
        </div>
        {missing || action.error ? (
          <p class="error wide" role="alert">
            {missing || action.error}
          </p>
        ) : null}
        <div>
          <button type="submit" class="primary" disabled={action.busy}>
            Fix into a credit
          </button>
        </div>
      </form>
    </div>
  );
}
