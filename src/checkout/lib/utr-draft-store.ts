/**
 * Keeps the UTR a payer is typing across reloads (an Android web view is often killed while the
 * payer is in their UPI app). Storage may be missing or throw (private modes, web views).
 */
const keyFor = (paymentUid: string) => `checkout:utr:${paymentUid}`;

export function loadUtrDraft(storage: Storage | undefined, paymentUid: string): string {
  try {
    return storage?.getItem(keyFor(paymentUid)) ?? '';
  } catch {
    return '';
  }
}

export function saveUtrDraft(storage: Storage | undefined, paymentUid: string, text: string): void {
  try {
    if (text === '') storage?.removeItem(keyFor(paymentUid));
    else storage?.setItem(keyFor(paymentUid), text);
  } catch {
    // Nothing to do: the draft simply does not survive a reload.
  }
}
