import { CopyButton } from './copy-button.js';

/** A labelled value shown in full (never truncated) with a copy button; used inside a `<dl>`. */
export function CopyField({
  label,
  value,
  copy,
}: {
  readonly label: string;
  readonly value: string;
  readonly copy?: string;
}) {
  return (
    <div class="field">
      <dt>{label}</dt>
      <dd>
        <span class="field-value">{value}</span>
        <CopyButton text={copy ?? value} what={label} />
      </dd>
    </div>
  );
}
