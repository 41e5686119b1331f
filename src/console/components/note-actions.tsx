import { ErrorText } from './notices.js';

/** How a dialog of a money action ends: done, with what to say on the screen, or cancelled. */
export interface DialogEnds {
  readonly onDone: (message: string) => void;
  readonly onCancel: () => void;
}

export interface NoteActionsProps {
  /** The textarea's id, unique on the page. */
  readonly id: string;
  readonly note: string;
  readonly onNote: (note: string) => void;
  /** What is missing, or why the action was refused ('' when nothing). */
  readonly error: string;
  readonly busy: boolean;
  readonly submitLabel: string;
  readonly onCancel: () => void;
}

/** The end of a dialog's form for a money action: the required note, the error, submit and cancel. */
export function NoteActions({ id, note, onNote, error, busy, submitLabel, onCancel }: NoteActionsProps) {
  return (
    <>
      <label for={id}>Note</label>
      <textarea
        id={id}
        rows={2}
        maxLength={500}
        value={note}
        onInput={(event) => onNote(event.currentTarget.value)}
      />
      <ErrorText message={error} />
      <div class="row">
        <button type="submit" class="primary" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
