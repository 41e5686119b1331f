/**
 * A fresh, uniquely named PostgreSQL database on the server of E2E_DATABASE_URL, dropped afterwards,
 * so runs never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

export async function createTempDatabase(serverUrl: string): Promise<TempDatabase> {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
