import { useEffect, useRef, useState } from 'preact/hooks';

export interface SecretOnceProps {
  readonly title: string;
  readonly fields: readonly (readonly [label: string, value: string])[];
  readonly onDone: () => void;
}

/** A secret the service shows only now (API secret, operator token): copy it, then it is gone. */
export function SecretOnce({ title, fields, onDone }: SecretOnceProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="card secret" aria-labelledby="secret-title">
      <h2 id="secret-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p class="notice notice-warn">
        Copy these now: the secret is shown only once and cannot be read again.
      </p>
      <dl class="fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <code class="mono secret-value">{value}</code> <CopyButton label={label} value={value} />
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}

/** Copies one value to the clipboard and says so (or says to select it when the browser refuses). */
function CopyButton({ label, value }: { readonly label: string; readonly value: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied.');
    } catch {
      setSaid('The browser refused: select the text and copy it.');
    }
  };
  return (
    <>
      <button type="button" class="small" onClick={() => void copy()}>
        Copy {label}
      </button>{' '}
      <span role="status">{said}</span>
    </>
  );
}

/** A new API key with its secret, shown this once (a merchant's key in the console, the merchant's own in the portal). */
export function NewKeySecret({
  issued,
  onDone,
}: {
  readonly issued: { readonly api_key: string; readonly api_secret: string };
  readonly onDone: () => void;
}) {
  return (
    <SecretOnce
      title="New API key"
      fields={[
        ['API key', issued.api_key],
        ['API secret', issued.api_secret],
      ]}
      onDone={onDone}
    />
  );
}
