import type { ComponentChildren } from 'preact';

/** Named values (an order's, a batch's fields) as a description list. */
export function FieldList({ rows }: { readonly rows: readonly (readonly [string, ComponentChildren])[] }) {
  return (
    <dl class="fields">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
