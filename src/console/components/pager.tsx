export interface PagerProps {
  /** The cursors of the pages opened so far (empty on the first page). */
  readonly cursors: readonly string[];
  readonly onChange: (cursors: string[]) => void;
  /** Where the next, older page starts; undefined when this is the last page. */
  readonly next: string | undefined;
}

/** Newer and older pages of a list paged on the server by a cursor, with the page number. */
export function Pager({ cursors, onChange, next }: PagerProps) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={cursors.length === 0} onClick={() => onChange(cursors.slice(0, -1))}>
        Newer
      </button>
      <span class="muted">Page {cursors.length + 1}</span>
      <button
        type="button"
        disabled={next === undefined}
        onClick={() => next !== undefined && onChange([...cursors, next])}
      >
        Older
      </button>
    </nav>
  );
}
