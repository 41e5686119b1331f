export interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly type?: 'text' | 'email' | 'password' | 'date' | 'url' | undefined;
  readonly autocomplete?: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  /** A text of several lines (a textarea of this many rows) instead of one input. */
  readonly rows?: number | undefined;
}

/** A labelled input (or textarea) with its hint and its error next to it, both read with the field. */
export function Field({
  id,
  label,
  value,
  onValue,
  type = 'text',
  autocomplete,
  error,
  hint,
  rows,
}: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const invalid = error ? true : undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} class="muted small">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea
          id={id}
          rows={rows}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-describedby={described || undefined}
          aria-invalid={invalid}
        />
      ) : (
        <input
          id={id}
          // Preact types each input type apart; a union of them is one input all the same.
          type={type as 'text'}
          value={value}
          autocomplete={autocomplete}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-describedby={described || undefined}
          aria-invalid={invalid}
        />
      )}
      {error ? (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
