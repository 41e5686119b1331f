import { useState } from 'preact/hooks';
import { loadUtrDraft, saveUtrDraft } from '../lib/utr-draft-store.js';

/** The UTR field's text, kept in storage so a reload (or a killed web view) does not lose it. */
export function useUtrDraft(
  storage: Storage | undefined,
  paymentUid: string,
): [string, (text: string) => void] {
  const [text, setText] = useState(() => loadUtrDraft(storage, paymentUid));
  const update = (next: string) => {
    setText(next);
    saveUtrDraft(storage, paymentUid, next);
  };
  return [text, update];
}
