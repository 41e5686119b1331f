/**
 * The embedded store's own thread (node:worker_threads): PGlite runs here, so that its queries,
 * which hold the thread they run on, never hold the service's event loop. The service's side is
 * pglite-thread-client.ts; the messages are in pglite-thread-protocol.ts.
 *
 * A transaction is a session here: `begin` opens it on PGlite and keeps it open until `end`, and
 * only that session's statements run meanwhile (PGlite's own transaction lock makes every other
 * statement wait, as on the main thread).
 */

import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  type FromThread,
  PGLITE_PARSERS,
  type StartData,
  serializeError,
  type ToThread,
} from './pglite-thread-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread only');

interface Session {
  readonly tx: Transaction;
  /** Settles PGlite's transaction callback: commit, or roll back. */
  finish(commit: boolean): void;
}

/** Rejecting PGlite's transaction callback with this rolls the transaction back, as asked. */
class RollBack extends Error {}

const sessions = new Map<number, Session>();
/**
 * Per open session, what its transaction comes to once PGlite has committed or rolled it back:
 * undefined, or the error (a failed commit). `end` answers only then, so a commit answered is durable.
 */
const endings = new Map<number, Promise<unknown>>();
const forwarders = new Map<string, (payload: string) => void>();
let nextSession = 1;

const send = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function target(pglite: PGlite, session: number | undefined): PGlite | Transaction {
  if (session === undefined) return pglite;
  const open = sessions.get(session);
  if (!open) throw new Error('the transaction is over');
  return open.tx;
}

function begin(pglite: PGlite, id: number): void {
  const session = nextSession++;
  const opened = (tx: Transaction) =>
    new Promise<void>((resolve, reject) => {
      sessions.set(session, { tx, finish: (commit) => (commit ? resolve() : reject(new RollBack())) });
      send({ id, ok: true, value: session });
    });
  const ending = pglite
    .transaction(opened)
    .then(
      () => undefined,
      (error: unknown) => {
        // BEGIN itself failed: no session was opened, so the caller hears it now.
        if (!sessions.has(session)) send({ id, ok: false, error: serializeError(error) });
        return error instanceof RollBack ? undefined : error;
      },
    )
    .finally(() => {
      sessions.delete(session);
      endings.delete(session);
    });
  endings.set(session, ending);
}

async function end(session: number, commit: boolean): Promise<void> {
  const open = sessions.get(session);
  const ending = endings.get(session);
  if (!open || !ending) throw new Error('the transaction is over');
  endings.delete(session);
  open.finish(commit);
  const error = await ending;
  if (error !== undefined) throw error;
}

/**
 * One forwarder per channel, whoever listens on the service's side (it fans out there). LISTEN is
 * run again on every request, as PGlite does, so a listen after an `UNLISTEN *` is heard.
 */
function forwarder(channel: string): (payload: string) => void {
  let forward = forwarders.get(channel);
  if (!forward) {
    forward = (payload) => send({ notify: channel, payload });
    forwarders.set(channel, forward);
  }
  return forward;
}

async function listen(pglite: PGlite, channel: string): Promise<void> {
  await pglite.listen(channel, forwarder(channel));
}

async function stopListening(pglite: PGlite, channel: string): Promise<void> {
  const forward = forwarders.get(channel);
  forwarders.delete(channel);
  if (forward && !pglite.closed) await pglite.unlisten(channel, forward);
}

function handle(pglite: PGlite, message: ToThread): void {
  if (message.op === 'begin') {
    begin(pglite, message.id);
    return;
  }
  answer(pglite, message).then(
    // A dump's bytes move to the service's thread instead of being copied.
    (value) => send({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (error: unknown) => send({ id: message.id, ok: false, error: serializeError(error) }),
  );
}

async function answer(pglite: PGlite, message: Exclude<ToThread, { op: 'begin' }>): Promise<unknown> {
  switch (message.op) {
    case 'query':
      return (await target(pglite, message.session).query<unknown>(message.sql, message.params)).rows;
    case 'exec':
      await target(pglite, message.session).exec(message.sql);
      return undefined;
    case 'end':
      return end(message.session, message.commit);
    case 'listen':
      return listen(pglite, message.channel);
    case 'unlisten':
      return stopListening(pglite, message.channel);
    case 'dump':
      return (await pglite.dumpDataDir('none')).arrayBuffer();
    case 'close':
      return pglite.close();
  }
}

async function start(): Promise<void> {
  const { dataDir, template } = workerData as StartData;
  const pglite = await PGlite.create(
    dataDir,
    template ? { parsers: PGLITE_PARSERS, loadDataDir: new Blob([template]) } : { parsers: PGLITE_PARSERS },
  );
  port?.on('message', (message: ToThread) => handle(pglite, message));
  send({ started: true });
}

start().catch((error: unknown) => send({ started: false, error: serializeError(error) }));
