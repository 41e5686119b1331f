import { useState } from 'preact/hooks';
import type { ApiResult } from '../api/api-result.js';
import { type Resource, useResource } from './use-resource.js';

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

export interface PagedResource<T> {
  readonly resource: Resource<T>;
  readonly reload: () => void;
  readonly pages: Pages;
}

/** One page of a list loaded from the server (`load` from its cursor), back to the first when `key` changes. */
export function usePagedResource<T>(
  load: (cursor: string | undefined) => Promise<ApiResult<T>>,
  key: string,
): PagedResource<T> {
  const pages = usePages(key);
  const [resource, reload] = useResource(() => load(pages.cursor), `${key}|${pages.cursor ?? ''}`);
  return { resource, reload, pages };
}
