/**
 * Transactions are opened at the edge (docs/decisions/0027-transactions-at-the-edge.md): a use case
 * is a command module (a file in a `commands/` folder), which opens the transaction (itself or
 * through `runCommand`/`commandOf` of command.ts), writes the audit row and answers; everything it
 * calls takes that transaction as an argument. No other module calls `transaction(...)`,
 * `runCommand(...)` or `commandOf(...)` (the store's own machinery and command.ts aside), and no
 * command calls another, so transactions never nest.
 */
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  lineAt,
  readSource,
  type SyntaxNode,
  serverPath,
  sourceFiles,
  syntaxOf,
  walk,
} from './support/source-files.js';

const isCommand = (path: string) => /(^|\/)commands\/[^/]+\.ts$/.test(path);
const isStore = (path: string) => path.startsWith('store/');
/** The one module that runs a command's transaction for it. */
const isCommandRunner = (path: string) => path === 'command.ts';
/** The functions of command.ts that open a transaction for the command calling them. */
const RUNNERS: readonly unknown[] = ['runCommand', 'commandOf'];

/** The lines of the calls of a method named `transaction` (or of command.ts's runners) a piece of code makes. */
function transactionsOpened(code: string): number[] {
  const found: number[] = [];
  walk(syntaxOf(code), (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as SyntaxNode;
    const property = callee.type === 'MemberExpression' ? (callee.property as SyntaxNode) : undefined;
    const opens =
      property?.name === 'transaction' || (callee.type === 'Identifier' && RUNNERS.includes(callee.name));
    if (opens) found.push(lineAt(code, node.start as number));
  });
  return found;
}

/** The src/server paths a file imports. */
function importedPaths(file: string): string[] {
  const found: string[] = [];
  walk(syntaxOf(readSource(file)), (node) => {
    const source = node.source as { value?: unknown } | undefined;
    if (typeof source?.value === 'string' && source.value.startsWith('.')) {
      found.push(serverPath(resolve(dirname(file), source.value.replace(/\.js$/, '.ts'))));
    }
  });
  return found;
}

const files = sourceFiles().map((file) => ({ file, path: serverPath(file) }));

describe('transactions at the edge', () => {
  it('recognises a transaction being opened', () => {
    expect(transactionsOpened('await db.transaction(async (tx) => tx.query("SELECT 1"));')).toEqual([1]);
    expect(transactionsOpened('\n\nawait deps.db.transaction((tx) => run(tx)).finally(done);')).toEqual([3]);
    expect(transactionsOpened('await receiveCredit(tx, credit, now);')).toEqual([]);
    expect(transactionsOpened('await runCommand(deps, (tx, now) => step(tx, now));')).toEqual([1]);
    expect(transactionsOpened('\nexport const fixText = commandOf(fixTextIntoCredit);')).toEqual([2]);
    expect(isCommand('credits/commands/post-credit.ts')).toBe(true);
    expect(isCommand('credits/receive-credit.ts')).toBe(false);
  });

  it('opens transactions only in command modules and the store', () => {
    const openers = files
      .filter(({ path }) => !isCommand(path) && !isStore(path) && !isCommandRunner(path))
      .flatMap(({ file, path }) => transactionsOpened(readSource(file)).map((line) => `${path}:${line}`));
    expect(openers).toEqual([]);
    expect(files.filter(({ path }) => isCommand(path)).length).toBeGreaterThan(20);
  });

  it('never calls a command from a command', () => {
    const nested = files
      .filter(({ path }) => isCommand(path))
      .flatMap(({ file, path }) =>
        importedPaths(file)
          .filter(isCommand)
          .map((imported) => `${path} -> ${imported}`),
      );
    expect(nested).toEqual([]);
  });
});
