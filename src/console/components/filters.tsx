import type { ComponentChildren } from 'preact';
import { PAYMENT_STATUSES } from '../../shared/order-status.js';

/** A choice of a select: its value and the words shown. */
export type Choice = readonly [value: string, text: string];

/** The statuses an order list filters by (every status an order can have), after the choice of any. */
export const statusChoices = (any: string): readonly Choice[] => [
  ['', any],
  ...PAYMENT_STATUSES.filter((status) => status !== 'none').map((status): Choice => [status, status]),
];

/**
 * A list's filters as a form (values from the address, so `key` it by them), sent by its button.
 * The console's and the portal's order lists and the audit log.
 */
export function FilterForm({
  label,
  submitLabel = 'Search',
  onSubmit,
  children,
}: {
  readonly label: string;
  readonly submitLabel?: string;
  readonly onSubmit: (event: Event) => void;
  readonly children: ComponentChildren;
}) {
  return (
    <form class="filters" onSubmit={onSubmit} aria-label={label}>
      {children}
      <button type="submit" class="primary">
        {submitLabel}
      </button>
    </form>
  );
}

/** The wide search field of a list (`q`). */
export function SearchFilter({
  value,
  placeholder,
}: {
  readonly value: string;
  readonly placeholder: string;
}) {
  return (
    <label class="wide">
      Search
      <input name="q" type="search" defaultValue={value} placeholder={placeholder} />
    </label>
  );
}

/** A labelled select of one filter. */
export function SelectFilter({
  label,
  name,
  value,
  choices,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly choices: readonly Choice[];
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled text field of one filter. */
export function TextFilter({
  label,
  name,
  value,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
}) {
  return (
    <label>
      {label}
      <input name={name} defaultValue={value} />
    </label>
  );
}

/** The first and the last day of a range (`from`, `to`), the days' zone named in the labels. */
export function DayRangeFilter({
  from,
  to,
  zone,
}: {
  readonly from: string;
  readonly to: string;
  readonly zone: string;
}) {
  return (
    <>
      <label>
        {`From (${zone})`}
        <input name="from" type="date" defaultValue={from} />
      </label>
      <label>
        {`To (${zone})`}
        <input name="to" type="date" defaultValue={to} />
      </label>
    </>
  );
}
