import type { ComponentChildren } from 'preact';

/**
 * A labelled value of a `<dl class="fields">`: the amount, the UTR, the order reference… Codes and
 * references are set in `mono`; the payout's status has a class of its own.
 */
export function Field({
  label,
  valueClass,
  children,
}: {
  readonly label: string;
  readonly valueClass?: 'mono' | 'status-value';
  readonly children: ComponentChildren;
}) {
  return (
    <div class="field">
      <dt>{label}</dt>
      <dd class={valueClass ? `field-value ${valueClass}` : 'field-value'}>{children}</dd>
    </div>
  );
}
