import type { ComponentChildren } from 'preact';

export interface Column<T> {
  /** The column's heading (and, in a table of cards, each cell's label). */
  readonly header: string;
  /** A heading read by screen readers only (a column of buttons). */
  readonly hiddenHeader?: boolean;
  /** Classes of the heading and of every cell of the column (`num`: figures aligned right). */
  readonly class?: string;
  /** Classes of the cells only. */
  readonly cellClass?: string;
  /** A cell's title (shown on hover): more than the cell says. */
  readonly title?: (row: T) => string;
  readonly cell: (row: T) => ComponentChildren;
}

export interface DataTableProps<T> {
  readonly rows: readonly T[];
  readonly columns: readonly (Column<T> | false)[];
  readonly rowKey: (row: T) => string;
  /** What the table lists, for screen readers only unless `captionClass` says otherwise. */
  readonly caption?: string;
  readonly captionClass?: string;
  /** Each cell names its column (`data-label`), so that on a phone every row reads as a card (console.css, `.cards`). */
  readonly cards?: boolean;
  /** A `data-kind` on every row, for the pages' tests and styles. */
  readonly rowKind?: string;
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** A table of rows, one column per declared column: the console's and the portal's lists. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  captionClass = 'visually-hidden',
  cards,
  rowKind,
}: DataTableProps<T>) {
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <div class="table-wrap">
      <table class={cards ? 'cards' : undefined}>
        {caption ? <caption class={captionClass}>{caption}</caption> : null}
        <thead>
          <tr>
            {shown.map((column) => (
              <th scope="col" class={column.class} key={column.header}>
                {column.hiddenHeader ? <span class="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-kind={rowKind}>
              {shown.map((column) => (
                <td
                  key={column.header}
                  data-label={cards ? column.header : undefined}
                  class={classes(column.class, column.cellClass)}
                  title={column.title?.(row)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column whose cell links, in monospace, to what the row names (a payout's order, a batch). */
export function linkColumn<T>(header: string, href: (row: T) => string, text: (row: T) => string): Column<T> {
  return {
    header,
    cell: (row) => (
      <a href={href(row)} class="mono">
        {text(row)}
      </a>
    ),
  };
}
