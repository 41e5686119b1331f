import { useState } from 'preact/hooks';
import type { ApiResult } from '../api/api-result.js';
import type { ConfirmDialogProps } from '../components/confirm-dialog.js';
import { useAction } from './use-action.js';

/**
 * An action a screen asks for and its ConfirmDialog confirms (revoke a key, set an order's
 * status): what waits for the confirmation, and the dialog's busy flag, error and cancel. Asking
 * clears the last refusal; the dialog closes once the action is done.
 */
export function useConfirmed<Asked>() {
  const action = useAction();
  const [asked, setAsked] = useState<Asked | undefined>(undefined);
  const dialog: Pick<ConfirmDialogProps, 'busy' | 'error' | 'onCancel'> = {
    busy: action.busy,
    error: action.error,
    onCancel: () => setAsked(undefined),
  };
  const ask = (what: Asked) => {
    action.clear();
    setAsked(what);
  };
  /** Runs what was asked; once it is done the dialog closes and `then` follows with what it was. */
  const confirm = async <T>(run: (what: Asked) => Promise<ApiResult<T>>, then: (what: Asked) => void) => {
    if (!asked) return;
    if ((await action.run(() => run(asked))) === undefined) return;
    setAsked(undefined);
    then(asked);
  };
  return { asked, ask, confirm, dialog };
}
