import type { ComponentChildren } from 'preact';
import type { PagedResource } from '../hooks/use-pages.js';
import { LoadState } from './load-state.js';
import { Pager } from './pager.js';

/** A page of a list: its rows and where the next, older page starts (undefined on the last). */
export interface ListPage<Row> {
  readonly rows: readonly Row[];
  readonly next: string | undefined;
}

/** An order search's page (the console's or the portal's): the server says where the next one starts. */
export const orderPage = <Row,>(data: {
  readonly orders: readonly Row[];
  readonly next_cursor: string | null;
}): ListPage<Row> => ({ rows: data.orders, next: data.next_cursor ?? undefined });

/** A page of 50 rows newest first: the next starts after the last row's id, unless this one was short. */
export const idPage = <Row extends { readonly id: string | number }>(
  rows: readonly Row[],
): ListPage<Row> => ({
  rows,
  next: rows.length < 50 ? undefined : String(rows.at(-1)?.id ?? ''),
});

/**
 * A list paged on the server: loading and error states, what an empty page says, the rows as
 * `children` shows them, and the Pager under them.
 */
export function PagedList<Data, Row>({
  list: { resource, reload, pages },
  what,
  page,
  empty,
  children,
}: {
  readonly list: PagedResource<Data>;
  readonly what: string;
  readonly page: (data: Data) => ListPage<Row>;
  readonly empty: ComponentChildren;
  readonly children: (rows: readonly Row[]) => ComponentChildren;
}) {
  return (
    <LoadState resource={resource} retry={reload} what={what}>
      {(data) => {
        const { rows, next } = page(data);
        return rows.length === 0 ? (
          <p class="muted" role="status">
            {empty}
          </p>
        ) : (
          <>
            {children(rows)}
            <Pager cursors={pages.cursors} onChange={pages.setCursors} next={next} />
          </>
        );
      }}
    </LoadState>
  );
}
