/**
 * How a command runs (docs/decisions/0027-transactions-at-the-edge.md): it takes the time once,
 * opens the one transaction its use case runs in, and after it, committed or not, tells this process
 * what it must forget (a key, a merchant) that the store does not announce to it. Only command
 * modules (`<domain>/commands/<use-case>.ts`) call these; everything below them takes the
 * transaction.
 */
import type { AppDeps } from './app-deps.js';
import type { Queryable } from './store/db.js';

export type CommandDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Runs `work` in one transaction at the time taken once; `afterwards` runs once it has ended. */
export async function runCommand<T>(
  deps: CommandDeps,
  work: (tx: Queryable, now: Date) => Promise<T>,
  afterwards?: () => void,
): Promise<T> {
  const now = deps.clock.now();
  const done = deps.db.transaction((tx) => work(tx, now));
  return afterwards ? done.finally(afterwards) : done;
}

/**
 * A domain step: a use case that runs in its caller's transaction at the caller's time (an
 * operator's manual action, also run under dual control by an approval).
 */
export type DomainStep<I, T> = (tx: Queryable, input: I, now: Date) => Promise<T>;

/** The command of a domain step: the step, in a transaction of its own. */
export function commandOf<I, T>(step: DomainStep<I, T>): (deps: CommandDeps, input: I) => Promise<T> {
  return (deps, input) => runCommand(deps, (tx, now) => step(tx, input, now));
}
