/**
 * .env.example lists every variable the service reads, with its default, and the README's
 * configuration table names each of them: these tests fail as soon as src/server/config.ts and
 * either document drift apart.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const root = resolve(import.meta.dirname, '../..');
const envExample = readFileSync(resolve(root, '.env.example'), 'utf8');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

/**
 * The variables loadConfig reads, found by handing it an environment that records every name
 * looked up (the schema reads each of its keys). Run under both modes, so that a variable read
 * only in production is found too.
 */
function variablesReadByConfig(): string[] {
  const read = new Set<string>();
  for (const base of [{}, { MODE: 'production' }, { DATABASE_URL: 'postgres://u@db/x' }]) {
    const env = new Proxy(base as Record<string, string | undefined>, {
      get(target, name) {
        if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) read.add(name);
        return Reflect.get(target, name);
      },
    });
    loadConfig(env);
  }
  return [...read].sort();
}

/** `NAME=value` lines, set (`NAME=value`) or shown commented out (`# NAME=example`). */
function envExampleLines(): { name: string; value: string; set: boolean }[] {
  return envExample.split('\n').flatMap((line) => {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    return match
      ? [{ name: match[2] ?? '', value: (match[3] ?? '').trim(), set: match[1] === undefined }]
      : [];
  });
}

describe('.env.example', () => {
  const variables = variablesReadByConfig();
  const listed = envExampleLines();

  it('finds the variables the configuration reads (a sanity check of the recording)', () => {
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SECRET_KEY']));
  });

  it('lists every variable src/server/config.ts reads, and no other', () => {
    const names = listed.map(({ name }) => name);
    const missing = variables.filter((name) => !names.includes(name));
    const unknown = names.filter((name) => !variables.includes(name));
    expect(
      missing,
      `src/server/config.ts reads ${missing.join(', ')}, which .env.example does not list: add ` +
        '`NAME=<default>` for each (or `# NAME=<example>` when it has no default), with a comment ' +
        'saying what it does',
    ).toEqual([]);
    expect(
      unknown,
      `.env.example lists ${unknown.join(', ')}, which src/server/config.ts does not read: remove them`,
    ).toEqual([]);
    expect(new Set(names).size, '.env.example lists a variable twice').toBe(names.length);
  });

  it('sets each variable it sets to the default the service uses', () => {
    const env = Object.fromEntries(listed.filter(({ set }) => set).map(({ name, value }) => [name, value]));
    const fromExample = loadConfig(env);
    const defaults = loadConfig({});
    expect(fromExample.ok, `.env.example does not load: ${fromExample.ok ? '' : fromExample.errors}`).toBe(
      true,
    );
    expect(
      fromExample.ok && fromExample.config,
      '.env.example sets a value that is not the default; write the default there (or comment the line out)',
    ).toEqual(defaults.ok && defaults.config);
  });

  it('is matched by a row of the README configuration table for each variable', () => {
    const missing = variables.filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing, `add a row for each to the Configuration table of README.md`).toEqual([]);
  });
});
