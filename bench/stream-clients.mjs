/**
 * A client process for bench/push.mjs (started with child_process.fork): holds its share of the
 * payers' event streams so that one client process's CPU does not bound what the service is
 * measured at. Messages from the parent:
 *   { type: 'open', url, uids }   open one stream per entry of uids (an order may repeat); answers
 *                                 { type: 'opened', count } once each has its first event
 *   { type: 'stats' }             answers { type: 'stats', streams, heartbeats: sorted counts
 *                                 summary, ended: streams that ended before a final state, cpu }
 *   { type: 'reset' }             sets the heartbeat counts to 0
 *   { type: 'close' }             closes every stream and exits
 * and to the parent, for every stream that receives the completed state:
 *   { type: 'completed', uid, at } with `at` = performance.timeOrigin + performance.now()
 *   (wall-clock milliseconds, comparable across processes of one machine).
 */
import { cpuUsage } from 'node:process';
import { openStream } from './sse-client.mjs';

const streams = [];
const send = (message) => process.send?.(message);

async function open(url, uids) {
  for (let i = 0; i < uids.length; i += 200) {
    const batch = await Promise.all(
      uids.slice(i, i + 200).map(async (uid) => {
        const stream = await openStream(url, uid, {
          onStatus: (status, at) => {
            if (status === 'completed') send({ type: 'completed', uid, at: performance.timeOrigin + at });
          },
        });
        stream.uid = uid;
        return stream;
      }),
    );
    streams.push(...batch);
  }
  await Promise.all(streams.map((stream) => stream.waitFor('processing')));
  send({ type: 'opened', count: streams.length });
}

function stats() {
  const beats = streams.map((stream) => stream.heartbeats).sort((a, b) => a - b);
  const usage = cpuUsage();
  return {
    type: 'stats',
    streams: streams.length,
    heartbeats: {
      min: beats[0] ?? 0,
      median: beats[Math.floor(beats.length / 2)] ?? 0,
      total: beats.reduce((sum, n) => sum + n, 0),
      none: beats.filter((n) => n === 0).length,
    },
    ended: streams.filter((stream) => stream.ended && !stream.statuses.includes('completed')).length,
    cpuSeconds: (usage.user + usage.system) / 1e6,
  };
}

process.on('message', (message) => {
  if (message.type === 'open') {
    open(message.url, message.uids).catch((error) => {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    });
  } else if (message.type === 'stats') {
    send(stats());
  } else if (message.type === 'reset') {
    for (const stream of streams) stream.heartbeats = 0;
    send({ type: 'reset' });
  } else if (message.type === 'close') {
    for (const stream of streams) stream.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
