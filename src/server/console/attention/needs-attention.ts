/**
 * The Needs attention queue (GET /operator/api/attention): every kind's newest cases and its
 * count, read in one read-only pass over the adapters of attention-sources.ts.
 */
import { ATTENTION_KINDS, type Attention, type AttentionCounts } from '../../../shared/attention-views.js';
import type { Queryable } from '../../store/db.js';
import type { AttentionContext } from './attention-kind.js';
import { ATTENTION_SOURCES } from './attention-sources.js';

export async function needsAttention(tx: Queryable, context: AttentionContext): Promise<Attention> {
  const counts = Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind, 0])) as AttentionCounts;
  const items: Attention['items'] = [];
  for (const source of ATTENTION_SOURCES) {
    const cases = await source.read(tx, context);
    counts[source.kind] = cases.total;
    items.push(...cases.items);
  }
  items.sort((a, b) => b.at.localeCompare(a.at));
  return { counts, items };
}
