import { type ActionState, useAction as useConsoleAction } from '../../console/hooks/use-action.js';

/**
 * The console's hooks serve the portal as they are (the portal provides the console's session
 * context, app.tsx): useResource loads, useAction changes, a 401 ends the session.
 */
export { useResource } from '../../console/hooks/use-resource.js';

export interface Action extends Omit<ActionState, 'error'> {
  /** The refusal in plain words, and the field it names (`field: what is wrong`), if any. */
  readonly error: { readonly field: string; readonly message: string } | undefined;
  /** The error for one field, to show next to it. */
  errorFor(field: string): string | undefined;
  /** The error unless it names one of these fields (those show it next to themselves). */
  errorBesides(...fields: readonly string[]): string | undefined;
}

/** A change with its busy flag and its error, split into the field it names and what is wrong. */
export function useAction(): Action {
  const action = useConsoleAction();
  const error = action.error ? splitField(action.error) : undefined;
  return {
    busy: action.busy,
    run: action.run,
    clear: action.clear,
    error,
    errorFor: (field) => (error?.field === field ? error.message : undefined),
    errorBesides: (...fields) => (error && !fields.includes(error.field) ? error.message : undefined),
  };
}

/** The service writes a field's refusal as `field: what is wrong`; the page shows it by the field. */
export function splitField(details: string): { field: string; message: string } {
  const match = /^([a-z_]+(?:\.\d+)?): (.+)$/s.exec(details);
  if (!match) return { field: '', message: details };
  const [, field = '', message = ''] = match;
  return { field: field.replace(/\.\d+$/, ''), message: message.charAt(0).toUpperCase() + message.slice(1) };
}
