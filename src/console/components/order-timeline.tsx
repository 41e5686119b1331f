import type { TimelineEntry } from '../../shared/console-views.js';
import { formatIst } from '../lib/format-ist.js';
import { timelineText } from '../lib/timeline-text.js';

export function OrderTimeline({ entries }: { readonly entries: readonly TimelineEntry[] }) {
  return (
    <ol class="timeline" aria-label="Timeline">
      {entries.map((entry, index) => {
        const text = timelineText(entry);
        return (
          <li key={`${entry.kind}-${entry.at}-${index}`} class={`tone-${text.tone}`} data-kind={entry.kind}>
            <time dateTime={entry.at}>{formatIst(entry.at)}</time>
            <p class="event-title">{text.title}</p>
            {text.detail ? <p class="muted event-detail">{text.detail}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
