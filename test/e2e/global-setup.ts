/**
 * Starts the store's shared service processes for a vitest project (e2e-pglite or e2e-postgres)
 * and hands their addresses to the flow files through `inject('e2eServices')`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ServiceSets, type StoreKind, startServiceSets } from './support/services.js';
import { makeTestCertificate } from './support/tls-certificate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServices: ServiceSets;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const store: StoreKind = project.name === 'e2e-postgres' ? 'postgres' : 'pglite';
  // The certificate nginx serves in the proxy flow, trusted by the workers started after this.
  if (!process.env.E2E_TLS_CERT) {
    const certificate = makeTestCertificate(mkdtempSync(join(tmpdir(), 'e2e-tls-')));
    process.env.E2E_TLS_CERT = certificate.cert;
    process.env.E2E_TLS_KEY = certificate.key;
    process.env.NODE_EXTRA_CA_CERTS = certificate.cert;
  }
  const started = Date.now();
  const { sets, stop } = await startServiceSets(store);
  console.log(`[e2e] ${store}: services ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2eServices', sets);
  return stop;
}
