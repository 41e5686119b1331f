import type { ComponentChildren } from 'preact';
import type { Resource } from '../hooks/use-resource.js';

export interface LoadStateProps<T> {
  readonly resource: Resource<T>;
  readonly retry: () => void;
  readonly what: string;
  /** A level-one heading shown while loading or after an error, for a screen whose own heading needs the data. */
  readonly heading?: string;
  readonly children: (data: T) => ComponentChildren;
}

/** The three states every screen shares: loading, an error with a retry, and the data. */
export function LoadState<T>({ resource, retry, what, heading, children }: LoadStateProps<T>) {
  if (resource.state === 'ready') return <>{children(resource.data)}</>;
  return (
    <>
      {heading ? <h1>{heading}</h1> : null}
      {resource.state === 'loading' ? (
        <p class="muted" role="status">
          Loading {what}…
        </p>
      ) : (
        <div class="notice notice-bad" role="alert">
          <p>
            Could not load {what}: {resource.message}
          </p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}

/** A list's three states: LoadState's, with what an empty list says (muted) instead of its rows. */
export function LoadedList<Row>({
  empty,
  children,
  ...load
}: LoadStateProps<readonly Row[]> & { readonly empty: ComponentChildren }) {
  return (
    <LoadState {...load}>
      {(rows) => (rows.length === 0 ? <p class="muted">{empty}</p> : children(rows))}
    </LoadState>
  );
}
