/**
 * Real nginx (the Debian package) started by a test on loopback ports, with deploy/nginx.conf as
 * the operator would install it: only its listen ports, certificate paths, upstream servers,
 * cache path and access log replaced, wrapped in a minimal main configuration whose files all
 * live in a temporary directory. TLS is on, as shipped, with the suite's test certificate
 * (tls-certificate.ts), which the test processes trust.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT_DIR, sleep } from './service-process.js';
import { testCertificate } from './tls-certificate.js';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Nginx {
  /** The HTTPS address payers use. */
  readonly url: string;
  readonly port: number;
  /** The plain-HTTP address, which only redirects. */
  readonly httpUrl: string;
  readonly errorLog: string;
  readonly accessLog: string;
  stop(): Promise<void>;
}

export interface SiteFiles {
  readonly port: number;
  readonly httpPort: number;
  readonly upstreams: readonly string[];
  readonly cacheDir: string;
  readonly accessLog: string;
  readonly certificate: { readonly cert: string; readonly key: string };
}

/** The shipped configuration with this run's ports, certificate, upstreams, cache and log. */
export function nginxSiteConfig(files: SiteFiles): string {
  let site = readFileSync(join(ROOT_DIR, 'deploy', 'nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}"`);
    site = site.replaceAll(from, to);
  };
  replace('listen 443 ssl;', `listen 127.0.0.1:${files.port} ssl;`);
  replace('listen 80;', `listen 127.0.0.1:${files.httpPort};`);
  replace('/etc/ssl/pay.example.com/fullchain.pem', files.certificate.cert);
  replace('/etc/ssl/pay.example.com/privkey.pem', files.certificate.key);
  replace('server 127.0.0.1:8080;', files.upstreams.map((address) => `server ${address};`).join('\n    '));
  replace('/var/cache/nginx/upi-gateway', files.cacheDir);
  replace('/var/log/nginx/upi-gateway.access.log', files.accessLog);
  return site;
}

export async function startNginx(upstreams: readonly string[], port?: number): Promise<Nginx> {
  const listenPort = port ?? (await freePort());
  const httpPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user: they must reach and write these.
  chmodSync(dir, 0o755);
  for (const sub of ['cache', 'temp']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const errorLog = join(dir, 'error.log');
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'upi-gateway.conf'),
    nginxSiteConfig({
      port: listenPort,
      httpPort,
      upstreams,
      cacheDir: join(dir, 'cache'),
      accessLog,
      certificate: testCertificate(),
    }),
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/upi-gateway.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);

  const deadline = Date.now() + 20_000;
  while (!(await accepts(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${output}\n${safeRead(errorLog)}`);
    }
    await sleep(100);
  }
  return {
    url: `https://127.0.0.1:${listenPort}`,
    port: listenPort,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    errorLog,
    accessLog,
    async stop() {
      process.off('exit', orphanGuard);
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
