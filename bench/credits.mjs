#!/usr/bin/env node
/**
 * Credit intake, per store:
 *   - SMS ingest throughput: wrk POSTs forwarded credit alerts (a fresh UTR each) to
 *     /ingest/sms/{token}, spread over 256 SMS sources (each token has its own rate limit, as
 *     each phone would), beside GET /healthz measured by wrk in the same run as the baseline;
 *   - statement import: a generated 4 MB HDFC-layout CSV (about 33,000 lines: credits with the
 *     UTR in the narration, every tenth a debit), imported once (credits created) and again
 *     (all duplicates), timed end to end through the operator API. Target: under 10 s.
 * The load average is printed before and after.
 *
 * Usage: npm run build && node bench/credits.mjs [--stores embedded,pg] [--duration 10] [--connections 32]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  createMerchant,
  main,
  OPERATOR_TOKEN,
  operator,
  option,
  printMachine,
  startService,
  storesOption,
  tempDir,
} from './lib.mjs';

const stores = storesOption(['embedded', 'pg']);
const duration = option('duration', 10);
const connections = option('connections', 32);
const TOKENS = 256;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Runs wrk and answers { rps, p50, p99, non2xx }. */
function wrk(url, { script, path = '/' } = {}) {
  const out = execFileSync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${duration}s`,
      '--latency',
      ...(script ? ['-s', script] : []),
      `${url}${path}`,
    ],
    { encoding: 'utf8' },
  );
  const ms = (label) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) return NaN;
    const n = Number(match[1]);
    return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
  };
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms('50'),
    p99: ms('99'),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** A wrk script that posts credit alerts round-robin over the tokens, each with a fresh UTR. */
function ingestScript(dir, tokens) {
  const path = join(dir, 'ingest.lua');
  writeFileSync(
    path,
    `local tokens = {${tokens.map((t) => `"${t}"`).join(',')}}
local counter = 0
local thread_id = 0
local threads = 0
function setup(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end
function request()
  counter = counter + 1
  local utr = string.format("7%d%010d", thread_id, counter)
  local token = tokens[(counter % #tokens) + 1]
  local body = '{"from":"VM-HDFCBK","timestamp":1768460400,"message":"Money Received - INR 1,250.50 in HDFC Bank A/c xx9012 on 15-01-26 from ravi@okicici UPI Ref No ' .. utr .. '. Avl bal: INR 1,05,000.00"}'
  return wrk.format("POST", "/ingest/sms/" .. token, {["Content-Type"] = "application/json"}, body)
end
`,
  );
  return path;
}

/** An HDFC-layout statement of at most `bytes`, with `prefix` making its UTRs unique to the run. */
function statement(bytes, prefix) {
  const lines = ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let size = lines[0].length + 1;
  for (let i = 0; ; i++) {
    const utr = `${prefix}${String(i).padStart(10, '0')}`;
    const debit = i % 10 === 9;
    const line = `15/01/26,"UPI-RAVI KUMAR-ravi@okicici-ICIC0001234-${utr}-Payment ${i}",0000${utr},15/01/26,${debit ? '"1,000.00"' : ''},${debit ? '' : '"1,250.50"'},"1,01,250.50"`;
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return { body: `${lines.join('\n')}\n`, lines: lines.length - 1 };
}

/** POSTs the file and waits for the whole answer (node:http: a 4 MB upload, no fetch timeouts). */
async function importTimed(url, body) {
  const started = performance.now();
  const [status, text] = await new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/operator/api/credits/import?profile=hdfc`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${OPERATOR_TOKEN}`,
          'Content-Type': 'text/csv',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          data += chunk;
        });
        response.on('end', () => resolve([response.statusCode, data]));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  const seconds = (performance.now() - started) / 1000;
  if (status !== 200) throw new Error(`import: ${status} ${text.slice(0, 300)}`);
  return { seconds, summary: JSON.parse(text).data.summary };
}

async function runStore(label, env) {
  const service = await startService({ env, label });
  const merchant = await createMerchant(service.url);
  const tokens = [];
  for (let i = 0; i < TOKENS; i++) {
    const source = await operator(service.url, 'POST', '/credit-sources', {
      merchant_uid: merchant.merchant_uid,
      account: 'benchshop@okaxis',
      kind: 'sms',
      name: `phone ${i}`,
    });
    tokens.push(source.ingest_token);
  }
  const dir = tempDir('bench-credits-');
  console.log(`\n${label}: load before ${load()}`);
  const healthz = wrk(service.url, { path: '/healthz' });
  console.log(
    `  GET /healthz (baseline)   ${healthz.rps} req/s  p50 ${healthz.p50} ms  p99 ${healthz.p99} ms`,
  );
  const ingest = wrk(service.url, { script: ingestScript(dir, tokens) });
  console.log(
    `  POST /ingest/sms (credit) ${ingest.rps} req/s  p50 ${ingest.p50} ms  p99 ${ingest.p99} ms  non-2xx ${ingest.non2xx}  (${((ingest.rps / healthz.rps) * 100).toFixed(1)}% of /healthz)`,
  );
  const file = statement(4 * 1024 * 1024 - 4096, `8${label === 'embedded' ? 1 : 2}`);
  const first = await importTimed(service.url, file.body);
  console.log(
    `  4 MB statement, ${file.lines} lines: first import ${first.seconds.toFixed(2)} s ${JSON.stringify(first.summary)}`,
  );
  const again = await importTimed(service.url, file.body);
  console.log(`  same file again: ${again.seconds.toFixed(2)} s ${JSON.stringify(again.summary)}`);
  console.log(`  load after ${load()}`);
  await service.stop();
}

main(async () => {
  printMachine();
  for (const store of stores) {
    if (store === 'embedded') await runStore('embedded', {});
    if (store === 'pg') await runStore('pg', { DATABASE_URL: (await createDatabase('bench_credits')).url });
  }
});
