import { useEffect, useRef } from 'preact/hooks';

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
              <code class="mono secret-value">{value}</code>
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
