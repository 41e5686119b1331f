/**
 * Shared helpers for the benchmark scripts: machine facts, throw-away PostgreSQL databases,
 * service processes started from dist/, merchants, signing, autocannon runs and percentiles.
 * Everything a script starts is registered here and stopped on exit, signal or failure.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The build to measure: ./dist, or BENCH_DIST (another build, say of an earlier commit, to compare). */
export const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist');
export const SERVER_DIST = join(DIST, 'server/server');
export const MAIN = join(SERVER_DIST, 'main.js');
export const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef';

const cleanups = [];
/** Runs `fn` when the script ends (normally, by signal or by error), last registered first. */
export function onCleanup(fn) {
  cleanups.push(fn);
}
let cleaning;
export async function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error('cleanup:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/** Runs a benchmark's main function with cleanup and a hard time limit. */
export function main(fn, { limitSeconds = 600 } = {}) {
  const timer = setTimeout(() => {
    console.error(`bench: over its ${limitSeconds} s limit, stopping`);
    cleanup().finally(() => process.exit(2));
  }, limitSeconds * 1000);
  timer.unref();
  fn()
    .then(
      () => 0,
      (error) => {
        console.error(error);
        return 1;
      },
    )
    .then(async (code) => {
      await cleanup();
      clearTimeout(timer);
      process.exit(code);
    });
}

export function machine() {
  const sh = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8', cwd: ROOT }).trim();
    } catch {
      return '?';
    }
  };
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: sh('nproc', []),
    cpu: /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? '?',
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`,
    node: process.version,
    date: new Date().toISOString(),
    commit:
      sh('git', ['rev-parse', '--short', 'HEAD']) +
      (sh('git', ['status', '--porcelain', '--', 'src']) ? '+dirty' : ''),
    loadavg: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

export function printMachine() {
  const m = machine();
  console.log(
    `machine: ${m.nproc} cores, ${m.cpu}; ${m.memory}; node ${m.node}; ${m.date}; commit ${m.commit}; load ${m.loadavg}`,
  );
  return m;
}

/** A fresh PostgreSQL database, dropped at cleanup. */
export async function createDatabase(prefix = 'bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${PG_BASE}/${name}`;
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { name, url };
}

/** A temporary directory, removed at cleanup. */
export function tempDir(prefix = 'bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts `node dist/server/server/main.js` with the given environment (embedded store in a temp
 * directory unless DATABASE_URL is given) and waits for /healthz. Stopped (SIGTERM, then SIGKILL)
 * at cleanup or by `stop()`.
 */
export async function startService({ env = {}, nodeArgs = [], label = 'service' } = {}) {
  const port = await freePort();
  const dataDir = env.DATABASE_URL ? undefined : tempDir('bench-data-');
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      OPERATOR_TOKEN,
      MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      DEMO_MERCHANT: 'false',
      ALLOW_PRIVATE_CALLBACKS: 'true',
      PAYER_RATE_LIMIT_SCALE: '100000',
      WORKER_ID: label,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  let exited = false;
  const exitedPromise = new Promise((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exitedPromise;
    clearTimeout(timer);
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`${label} exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label} did not start:\n${output}`);
    await sleep(100);
  }
  return { url, port, pid: child.pid, stop, output: () => output, child };
}

export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The value after `--name` in a script's arguments, or the fallback. */
export function flag(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
}

/** The script's command-line words. */
export const ARGS = process.argv.slice(2);

/** `--name value` from the command line, else the fallback; a number when the fallback is one. */
export function option(name, fallback) {
  const value = flag(ARGS, name, fallback);
  return typeof fallback === 'number' ? Number(value) : value;
}

/** Whether the bare switch `--name` is on the command line. */
export const hasSwitch = (name) => ARGS.includes(`--${name}`);

/** The stores to measure: named as words (`embedded pg`), or as `--stores a,b`, else the fallback. */
export function storesOption(fallback) {
  const named = ARGS.filter((word) => word === 'embedded' || word === 'pg' || word === 'pg2');
  return named.length > 0 ? named : option('stores', fallback.join(',')).split(',');
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Operator API calls over a pool of `connections` kept-alive connections made for them (node:http
 * Agent): for a burst of requests after a pause, where fetch's pool could reuse a connection the
 * service has just closed, and where one connection per request would overflow the listen queue.
 * Answers `call(method, path, body)` and `close()`.
 */
export function operatorPool(url, connections = 64) {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: connections });
  const call = (method, path, body) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${url}/operator/api${path}`,
        {
          method,
          agent,
          headers: {
            Authorization: `Bearer ${OPERATOR_TOKEN}`,
            ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
        },
        (res) => {
          let answer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            answer += chunk;
          });
          res.on('end', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) resolve(JSON.parse(answer).data);
            else reject(new Error(`operator ${method} ${path}: ${res.statusCode} ${answer}`));
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  };
  return { call, close: () => agent.destroy() };
}

export async function operator(url, method, path, body) {
  const response = await fetch(`${url}/operator/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${OPERATOR_TOKEN}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`operator ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A merchant with UPI and IMPS collection set up: { merchant_uid, api_key, api_secret }. */
export async function createMerchant(url, name = 'Bench Merchant') {
  const data = await operator(url, 'POST', '/merchants', {
    name,
    upi_vpa: 'benchshop@okaxis',
    upi_payee_name: 'Bench Shop',
    imps_account: '123456789012',
    imps_account_name: 'Bench Shop',
    imps_ifsc: 'HDFC0001234',
    imps_bank_name: 'HDFC Bank',
    upi_max: '100000.00',
  });
  return { merchant_uid: data.merchant_uid, api_key: data.api_key, api_secret: data.api_secret };
}

/** OC-Signature: HMAC-SHA256 hex over the fields sorted by name, `name=value` joined with `&`. */
export function sign(secret, body) {
  const text = Object.keys(body)
    .sort()
    .map((name) => `${name}=${String(body[name])}`)
    .join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signedRequest(merchant, body) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'oc-key': merchant.api_key,
      'oc-signature': sign(merchant.api_secret, body),
    },
    body: JSON.stringify(body),
  };
}

let orderCounter = 0;
/** A unique collection order body, as a merchant's server sends it. */
export function incomeBody(merchantUid, overrides = {}) {
  orderCounter += 1;
  return {
    transaction_type: 'income',
    amount: '100.00',
    currency: 'inr',
    payterm: 'UPI',
    payment: 'india',
    merchant_order_id: `B${process.pid}-${Date.now().toString(36)}-${orderCounter}`,
    merchant_uid: merchantUid,
    redirect_url: 'https://shop.example/return',
    response_type: 'json',
    country: 'India',
    accounting_type: 'receive',
    ...overrides,
  };
}

/** Creates a collection order: the answer's data, with the merchant_order_id it was made with. */
export async function createOrder(url, merchant, overrides = {}) {
  const body = incomeBody(merchant.merchant_uid, overrides);
  const response = await fetch(`${url}/gateway/api/order/new`, signedRequest(merchant, body));
  const json = await response.json();
  if (!response.ok) throw new Error(`order/new: ${response.status} ${JSON.stringify(json)}`);
  return { ...json.data, merchant_order_id: body.merchant_order_id };
}

/** A random 12-digit UTR. */
export function randomUtr() {
  let s = String(1 + (randomBytes(1)[0] % 9));
  while (s.length < 12) s += String(randomBytes(1)[0] % 10);
  return s;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** `count` signed creation requests of unique orders, as wrk() takes them (made before a run). */
export function createRequests(merchant, count) {
  return Array.from({ length: count }, () => {
    const { method, headers, body } = signedRequest(merchant, incomeBody(merchant.merchant_uid));
    return { method, path: '/gateway/api/order/new', headers, body };
  });
}

/**
 * The first poll of each order (its view not yet in the service's memory: one store read), at
 * `concurrency` at once; latency percentiles in ms.
 */
export async function firstPolls(url, uids, concurrency = 64) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < uids.length) {
        const uid = uids[next++];
        const started = performance.now();
        const response = await fetch(`${url}/checkout/api/orders/${uid}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`first poll: ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    count: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
  };
}

/**
 * One autocannon run. `targets` are base URLs (several: one autocannon per target, run at once,
 * connections split between them, figures summed). `requests` as autocannon takes them, or a
 * `setupRequest(req)` for per-request bodies. Answers rps, latency p50/p99 (ms) and non-2xx.
 */
export async function cannon({
  targets,
  path,
  method = 'GET',
  headers,
  body,
  setupRequest,
  connections = 64,
  duration = 10,
  expectStatus,
}) {
  const list = Array.isArray(targets) ? targets : [targets];
  const per = Math.max(1, Math.floor(connections / list.length));
  const runs = await Promise.all(
    list.map(
      (target) =>
        new Promise((resolve, reject) => {
          const statuses = new Map();
          const instance = autocannon(
            {
              url: target,
              connections: per,
              duration,
              pipelining: 1,
              requests: [
                {
                  method,
                  path,
                  headers,
                  body,
                  ...(setupRequest ? { setupRequest } : {}),
                },
              ],
            },
            (error, result) => (error ? reject(error) : resolve({ result, statuses })),
          );
          instance.on('response', (_client, statusCode) => {
            statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
          });
        }),
    ),
  );
  const total = runs.reduce((sum, { result }) => sum + result.requests.total, 0);
  const seconds = runs[0].result.duration;
  const statuses = {};
  for (const { statuses: s } of runs) for (const [code, n] of s) statuses[code] = (statuses[code] ?? 0) + n;
  const wanted = expectStatus ?? ((code) => code >= 200 && code < 300);
  const good = Object.entries(statuses)
    .filter(([code]) => wanted(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
  // Latency percentiles of several runs: the worst of each (conservative).
  const p50 = Math.max(...runs.map(({ result }) => result.latency.p50));
  const p99 = Math.max(...runs.map(({ result }) => result.latency.p99));
  return {
    rps: Math.round(good / seconds),
    total,
    good,
    p50,
    p99,
    statuses,
    errors: runs.reduce((sum, { result }) => sum + result.errors + result.timeouts, 0),
  };
}

/**
 * A process's resident memory (MB), CPU seconds used (user + system) and open file descriptors,
 * from /proc.
 */
export function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, in clock ticks (1/100 s)
  return {
    rssMb: Math.round(rssKb / 1024),
    cpuSeconds: ticks / 100,
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined once it has ended. */
export function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(stat[11]) + Number(stat[12])) / 100; // utime + stime, in clock ticks (1/100 s)
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by: every PostgreSQL process of this machine (the server's backends),
 * this process, its children that have ended (a finished wrk), and the given processes. Two
 * snapshots' difference, divided by the requests answered between them, is the CPU time of a
 * request on each side.
 */
export function cpuSnapshot(pids = []) {
  const ticks = (fields) => Number(fields[11]) + Number(fields[12]); // utime + stime, 1/100 s
  const postgres = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')) === 'postgres') {
        postgres.set(entry, ticks(stat.split(') ')[1].split(' ')) / 100);
      }
    } catch {
      // a process that ended while the list was read
    }
  }
  const own = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const usage = process.cpuUsage();
  return {
    postgres,
    self: (usage.user + usage.system) / 1e6,
    children: (Number(own[13]) + Number(own[14])) / 100, // cutime + cstime
    pids: pids.map((pid) => processStats(pid).cpuSeconds),
  };
}

/**
 * CPU seconds PostgreSQL's processes used between two snapshots: those alive at the second, less
 * what each had used at the first (a backend that ended in between is not counted).
 */
export function postgresCpuBetween(before, after) {
  let seconds = 0;
  for (const [pid, used] of after.postgres) seconds += used - (before.postgres.get(pid) ?? 0);
  return seconds;
}

/** CPU microseconds per request on each side between two snapshots. */
export function cpuPerRequest(before, after, requests) {
  const us = (a, b) => Math.round(((b - a) * 1e6) / Math.max(1, requests));
  return {
    postgres: us(0, postgresCpuBetween(before, after)),
    self: us(before.self, after.self),
    children: us(before.children, after.children),
    pids: after.pids.map((value, i) => us(before.pids[i], value)),
  };
}

/** The service's event-loop delay since the last scrape (ms) and resident memory (MB), from /metrics. */
export async function processMetrics(url) {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } })
  ).text();
  const value = (name) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  const ms = (name) => Math.round(value(name) * 10_000) / 10;
  return {
    loopP50: ms('nodejs_eventloop_lag_p50_seconds'),
    loopP99: ms('nodejs_eventloop_lag_p99_seconds'),
    loopMax: ms('nodejs_eventloop_lag_max_seconds'),
    rssMb: Math.round(value('process_resident_memory_bytes') / 2 ** 20),
  };
}

export function formatRow(cells) {
  return `| ${cells.join(' | ')} |`;
}

/** Starts bench/bare-hono.mjs (the baseline: bare Hono on @hono/node-server) and waits for it. */
export async function startBareHono(spinUs = 0) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'bench/bare-hono.mjs'), String(port), String(spinUs)], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 100) throw new Error('bare Hono app did not start');
    }
    await sleep(100);
  }
  return { url, pid: child.pid, stop };
}

/**
 * One wrk run (the Debian package): 2 threads, `connections` connections, `duration` seconds.
 * `paths` are requested in turn (one per request); `headers(i)` adds headers per path index.
 * Answers req/s (2xx/3xx only), p50/p99 ms, the non-2xx/3xx count and the load average before.
 */
/**
 * wrk against `url`: GETs of `paths` in turn (with `headers(i)` for the i-th), or `requests`, a
 * list of `{ method, path, headers, body }` sent in turn (signed bodies made beforehand: wrk's
 * Lua cannot sign). Non-2xx/3xx answers are counted as bad and left out of the rate.
 */
export async function wrk({ url, paths, headers, requests, connections = 64, duration = 10, threads = 2 }) {
  const dir = tempDir('bench-wrk-');
  const script = join(dir, 'paths.lua');
  const list =
    requests ?? paths.map((path, i) => ({ method: 'GET', path, headers: headers ? headers(i) : {} }));
  // One request a line, fields split by tabs (method, path, body, then header names and values):
  // read by the script, not compiled into it, so tens of thousands of requests stay cheap.
  const lines = list.map((request) => {
    const fields = [request.method, request.path, request.body ?? ''];
    for (const [name, value] of Object.entries(request.headers ?? {})) fields.push(name, value);
    if (fields.some((field) => /[\t\n]/.test(field))) throw new Error('wrk: a tab or newline in a request');
    return fields.join('\t');
  });
  const data = join(dir, 'requests.tsv');
  writeFileSync(data, `${lines.join('\n')}\n`);
  writeFileSync(
    script,
    `-- Each thread sends every ${threads}th request from its own offset: no request twice at once.
local started = 0
function setup(thread)
  thread:set("offset", started)
  started = started + 1
end
local reqs = nil
local i = nil
request = function()
  if reqs == nil then
    -- built on first use: wrk sets the Host header after the script loads
    reqs = {}
    for line in io.lines(${JSON.stringify(data)}) do
      local f = {}
      for field in (line .. "\\t"):gmatch("([^\\t]*)\\t") do f[#f + 1] = field end
      local h = {}
      for k = 4, #f - 1, 2 do h[f[k]] = f[k + 1] end
      local body = nil
      if f[3] ~= "" then body = f[3] end
      reqs[#reqs + 1] = wrk.format(f[1], f[2], h, body)
    end
  end
  if i == nil then i = (offset or 0) + 1 else i = i + ${threads} end
  if i > #reqs then i = (i - 1) % #reqs + 1 end
  return reqs[i]
end
`,
  );
  const load = loadavg()[0].toFixed(2);
  const out = await new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk: ${text}`))));
  });
  const number = (re) => Number(re.exec(out)?.[1] ?? Number.NaN);
  const ms = (re) => {
    const match = re.exec(out);
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const total = number(/(\d+) requests in/);
  const bad = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const seconds = ms(/requests in ([\d.]+)(us|ms|s)/) / 1000;
  return {
    seconds,
    rps: Math.round((total - bad) / seconds),
    p50: Math.round(ms(/50%\s+([\d.]+)(us|ms|s)/) * 100) / 100,
    p99: Math.round(ms(/99%\s+([\d.]+)(us|ms|s)/) * 100) / 100,
    bad,
    errors: /Socket errors/.test(out) ? /Socket errors: (.*)/.exec(out)?.[1] : '',
    load,
  };
}

function signedBy(secret, body, signature) {
  const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => String(value) !== ''));
  return typeof signature === 'string' && sign(secret, fields) === signature.toLowerCase();
}

/** Listens on a free port of 127.0.0.1; answers the URL callbacks are sent to. */
export async function listenLocal(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}/notify`;
}

/**
 * A merchant's callback receiver on 127.0.0.1 that answers SUCCESS, noting when each
 * `payment_uid:payment_status` first arrived (performance.now()) and how many requests came.
 */
export function callbackReceiver({ secret } = {}) {
  const arrivals = new Map();
  let count = 0;
  let badSignatures = 0;
  let first = 0;
  let last = 0;
  const waiters = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      count += 1;
      first ||= at;
      last = at;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        // With the merchant's secret, each callback's OC-Signature is checked as a merchant does
        // (the fields without empty values, sorted, name=value joined by &): one that fails is
        // counted, not noted as arrived.
        if (secret && !signedBy(secret, body, req.headers['oc-signature'])) {
          badSignatures += 1;
          throw new Error('bad signature');
        }
        const key = `${body.payment_uid}:${body.payment_status}`;
        if (!arrivals.has(key)) arrivals.set(key, at);
      } catch {
        // counted anyway
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('SUCCESS');
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  return {
    server,
    arrivals,
    stats: () => ({ count, first, last, badSignatures }),
    reset() {
      arrivals.clear();
      count = 0;
      first = 0;
      last = 0;
    },
    listen: () => listenLocal(server),
    close: () => new Promise((resolve) => server.close(resolve)),
    async waitFor(key, timeoutMs = 10_000) {
      const end = performance.now() + timeoutMs;
      while (!arrivals.has(key)) {
        if (performance.now() > end) return undefined;
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return arrivals.get(key);
    },
  };
}
