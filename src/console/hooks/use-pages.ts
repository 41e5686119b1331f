import { useState } from 'preact/hooks';

export interface Pages {
  /** The cursors of the pages opened so far (empty on the first page), for the Pager. */
  readonly cursors: readonly string[];
  readonly setCursors: (cursors: string[]) => void;
  /** Where the page shown starts; undefined on the first page. */
  readonly cursor: string | undefined;
}

/** The pages of a list paged on the server by a cursor, back to the first page when `key` (its filters) changes. */
export function usePages(key: string): Pages {
  const [cursors, setCursors] = useState<string[]>([]);
  const [pageKey, setPageKey] = useState(key);
  if (pageKey !== key) {
    setPageKey(key);
    setCursors([]);
  }
  return { cursors, setCursors, cursor: cursors.at(-1) };
}
