import { useEffect, useRef, useState } from 'preact/hooks';
import { ModalDialog } from './modal-dialog.js';
import { ErrorText } from './notices.js';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  /** Whether the note may be left empty (it is still recorded when given). */
  readonly noteOptional?: boolean;
  readonly busy: boolean;
  readonly error: string;
  readonly onConfirm: (note: string) => void;
  readonly onCancel: () => void;
}

/** Asks the operator to confirm an action and to say why; Escape or Cancel closes it. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: Event) => {
    event.preventDefault();
    if (!props.noteOptional && !note.trim()) {
      setMissing(true);
      return;
    }
    props.onConfirm(note.trim());
  };
  return (
    <ModalDialog titleId="dialog-title" onCancel={props.onCancel}>
      <h2 id="dialog-title">{props.title}</h2>
      <p>{props.message}</p>
      <form onSubmit={submit} class="stack">
        <label for="dialog-note">Note{props.noteOptional ? ' (optional)' : ''}</label>
        <textarea
          id="dialog-note"
          ref={field}
          rows={3}
          maxLength={500}
          value={note}
          onInput={(event) => setNote(event.currentTarget.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? 'dialog-note-error' : undefined}
        />
        {missing ? (
          <p id="dialog-note-error" class="error" role="alert">
            A note is required.
          </p>
        ) : null}
        <ErrorText message={props.error} />
        <div class="row">
          <button type="submit" class="primary" disabled={props.busy}>
            {props.confirmLabel}
          </button>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
