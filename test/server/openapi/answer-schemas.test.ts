/**
 * Every answer in /openapi.json names its fields: no operation answers "an object of any fields"
 * (a schema with no properties, or with properties and room for any others), whatever depth it
 * sits at. The answers' schemas are the ones the code answers with (documented-answers.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../src/server/app.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type JsonSchema = { readonly [key: string]: unknown };
interface Operation {
  readonly operationId: string;
  readonly responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> };
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** `{}` or `true`: a value of any shape. */
const isAnything = (value: unknown) => value === true || (isSchema(value) && Object.keys(value).length === 0);

/** Where a schema lets an object hold fields it does not name, as `where` paths. */
function untypedObjects(
  schema: unknown,
  components: Record<string, JsonSchema>,
  where: string,
  seen: ReadonlySet<string> = new Set(),
): string[] {
  if (!isSchema(schema)) return [];
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return seen.has(name)
      ? []
      : untypedObjects(components[name], components, `${where} > ${name}`, new Set([...seen, name]));
  }
  const found: string[] = [];
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const named = Object.keys(properties).length;
  if (schema.type === 'object' || named > 0) {
    const more = schema.additionalProperties;
    if (named === 0 && (more === undefined || isAnything(more)))
      found.push(`${where}: an object of any fields`);
    if (named > 0 && isAnything(more))
      found.push(`${where}: fields besides ${Object.keys(properties).join(', ')}`);
  }
  for (const [name, property] of Object.entries(properties)) {
    found.push(...untypedObjects(property, components, `${where}.${name}`, seen));
  }
  for (const key of ['items', 'additionalProperties']) {
    found.push(...untypedObjects(schema[key], components, `${where}[]`, seen));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const members = Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [];
    for (const member of members) found.push(...untypedObjects(member, components, where, seen));
  }
  return found;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const app = createApp(t.deps);
  doc = (await (await app.request('/openapi.json')).json()) as Document;
});
afterAll(async () => {
  await t.close();
});

describe('the answers in /openapi.json', () => {
  it('finds an object of any fields, at any depth', () => {
    const check = (schema: z.ZodType) => untypedObjects(z.toJSONSchema(schema), {}, 'answer');
    expect(check(z.object({ a: z.string() }))).toEqual([]);
    expect(check(z.record(z.string(), z.number()))).toEqual([]);
    expect(check(z.object({ rows: z.array(z.looseObject({})) }))).toEqual([
      'answer.rows[]: an object of any fields',
    ]);
    expect(check(z.object({ a: z.object({ b: z.string() }).loose() }))).toEqual([
      'answer.a: fields besides b',
    ]);
    expect(untypedObjects({ type: 'object' }, {}, 'answer')).toEqual(['answer: an object of any fields']);
  });

  it('name the fields of every object they answer with', () => {
    const found: string[] = [];
    let answers = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[23]/.test(status)) continue;
          const json = response.content?.['application/json']?.schema;
          if (!json) continue;
          answers += 1;
          found.push(
            ...untypedObjects(json, doc.components.schemas, `${method.toUpperCase()} ${path} ${status}`),
          );
        }
      }
    }
    expect(found).toEqual([]);
    expect(answers).toBeGreaterThan(50);
  });
});
