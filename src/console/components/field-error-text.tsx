import type { FieldError } from '../lib/field-error.js';

/** What ties a control to the refusal shown under it: marked invalid, described by the message. */
export function describedBy(id: string, wrong: string) {
  return {
    'aria-invalid': wrong ? true : undefined,
    'aria-describedby': wrong ? `${id}-error` : undefined,
  } as const;
}

/** The API's refusal of one field, under that field (`describedBy` points to it). */
export function FieldErrorText({ id, wrong }: { readonly id: string; readonly wrong: string }) {
  return wrong ? (
    <p id={`${id}-error`} class="error field-error">
      {wrong}
    </p>
  ) : null;
}

/**
 * The form's alert: a refusal of one field names it by its label (the message itself is under the
 * field), any other refusal is shown whole.
 */
export function FormAlert({
  error,
  misfit,
  label,
  class: className = 'error',
}: {
  readonly error: string;
  readonly misfit: FieldError | undefined;
  readonly label: (field: string) => string;
  readonly class?: string;
}) {
  return error ? (
    <p class={className} role="alert">
      {misfit ? `Check ${label(misfit.field)}: ${misfit.message}` : error}
    </p>
  ) : null;
}
