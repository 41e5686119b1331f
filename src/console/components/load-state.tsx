import type { ComponentChildren } from 'preact';
import type { Resource } from '../hooks/use-resource.js';

export interface LoadStateProps<T> {
  readonly resource: Resource<T>;
  readonly retry: () => void;
  readonly what: string;
  readonly children: (data: T) => ComponentChildren;
}

/** The three states every screen shares: loading, an error with a retry, and the data. */
export function LoadState<T>({ resource, retry, what, children }: LoadStateProps<T>) {
  if (resource.state === 'loading') {
    return (
      <p class="muted" role="status">
        Loading {what}…
      </p>
    );
  }
  if (resource.state === 'error') {
    return (
      <div class="notice notice-bad" role="alert">
        <p>
          Could not load {what}: {resource.message}
        </p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(resource.data)}</>;
}
