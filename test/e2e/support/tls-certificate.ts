/**
 * The browser suite's TLS certificate for 127.0.0.1, made with openssl (Debian's, already on the
 * machine: nothing is downloaded) once per run by the global set-up, which also makes the test
 * processes trust it (NODE_EXTRA_CA_CERTS, read by each worker when it starts). nginx serves it as
 * deploy/nginx.conf's certificate; Chromium is told to accept it per context.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface TestCertificate {
  readonly cert: string;
  readonly key: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid two days, in `dir`. */
export function makeTestCertificate(dir: string): TestCertificate {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** The run's certificate, as the global set-up made it. */
export function testCertificate(): TestCertificate {
  const cert = process.env.E2E_TLS_CERT;
  const key = process.env.E2E_TLS_KEY;
  if (!cert || !key) throw new Error('no test certificate: the e2e global set-up makes it (E2E_TLS_CERT)');
  return { cert, key };
}
