/**
 * The watch over SMS credit sources (docs/credit-sources.md, "Sources watched"), run by the
 * background work: a source that goes silent (credit-source-store.ts says when) is marked so,
 * once, and announced to the operators' alert webhook when one is set; so is its recovery. The
 * gauge `credit_sources_silent` holds how many are silent. Each mark is its own short transaction
 * that only one process wins, so several processes announce each change once; the announcement
 * follows the commit (alert-webhook.ts: best effort, logged).
 */
import type { AppDeps } from '../../app-deps.js';
import { markSilence, type WatchedSource, watchedCreditSources } from '../credit-source-store.js';

export type SourceAlertEvent = 'credit_source.silent' | 'credit_source.recovered';

export interface WatchSourcesDeps extends Pick<AppDeps, 'db' | 'clock'> {
  readonly silenceSeconds: number;
  readonly setSilentGauge?: (count: number) => void;
  readonly announce?: (event: SourceAlertEvent, source: WatchedSource, at: Date) => Promise<void>;
}

export interface WatchOutcome {
  readonly silent: number;
  readonly wentSilent: number;
  readonly recovered: number;
}

export async function watchSources(deps: WatchSourcesDeps): Promise<WatchOutcome> {
  const now = deps.clock.now();
  const sources = await watchedCreditSources(
    deps.db,
    '',
    now,
    new Date(now.getTime() - deps.silenceSeconds * 1000),
  );
  const silent = sources.filter((source) => source.state === 'silent');
  deps.setSilentGauge?.(silent.length);
  let wentSilent = 0;
  let recovered = 0;
  for (const source of sources) {
    const isSilent = source.state === 'silent';
    if (isSilent === (source.silent_since !== null)) continue;
    const changed = await deps.db.transaction((tx) => markSilence(tx, source.id, isSilent ? now : null));
    // A revoked source is no longer watched: its mark goes, with nothing to announce.
    if (!changed || source.state === 'revoked') continue;
    if (isSilent) wentSilent += 1;
    else recovered += 1;
    await deps.announce?.(isSilent ? 'credit_source.silent' : 'credit_source.recovered', source, now);
  }
  return { silent: silent.length, wentSilent, recovered };
}
