import { useState } from 'preact/hooks';
import type { ApiResult } from '../api/api-result.js';
import type { NoteActionsProps } from '../components/note-actions.js';
import { useAction } from './use-action.js';

/**
 * A dialog's pick of one order and the note that says why (matching a credit, resolving a
 * contested UTR): both are required before the action runs; what is missing, or the refusal, is
 * shown as the note's error.
 */
export function useNotedChoice(pickPrompt: string) {
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState('');
  const action = useAction();
  const noteActions: Pick<NoteActionsProps, 'note' | 'onNote' | 'error' | 'busy'> = {
    note,
    onNote: setNote,
    error: missing || action.error,
    busy: action.busy,
  };
  /** Runs `act` with the pick and the trimmed note once both are given: its data, or undefined. */
  const submit = async <T>(act: (chosen: string, note: string) => Promise<ApiResult<T>>) => {
    if (!chosen) return setMissing(pickPrompt);
    if (!note.trim()) return setMissing('A note is required.');
    setMissing('');
    return action.run(() => act(chosen, note.trim()));
  };
  return { chosen, setChosen, noteActions, submit };
}
