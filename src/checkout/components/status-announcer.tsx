/** The polite live region that tells screen-reader users when the payment's status changes. */
export function StatusAnnouncer({ text }: { readonly text: string }) {
  return (
    <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
