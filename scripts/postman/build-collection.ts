/**
 * The Postman collection of the merchant API (examples/postman/), generated from the service's
 * /openapi.json with openapi-to-postmanv2 (docs/decisions/0022-merchant-integration-kit.md): the
 * merchant and payer operations, the merchant's credentials as collection variables, and a
 * collection pre-request script that signs every merchant request (OC-Key, OC-Signature) the way
 * docs/merchant-api.md, Signing, says. Deterministic: the converter's random ids are dropped, so
 * a test regenerates it and compares it with the checked-in file.
 */
import { convertV2 } from 'openapi-to-postmanv2';

/** The tags a merchant uses: its signed API and the payer's endpoints it can drive in the sandbox. */
const TAGS = new Set(['merchant', 'payer']);

/** Runs in Postman (and Bruno's Postman-compatible runtime) before each request of the collection. */
export const SIGNING_SCRIPT = [
  '// Signs merchant requests (docs/merchant-api.md, Signing): OC-Key names the API key, OC-Signature',
  '// is HMAC-SHA256 in lower-case hex, with the API secret, over every body field sorted by name and',
  '// written name=value, joined with &. Variables in the body are resolved here, and the body is sent',
  '// exactly as signed.',
  "const path = '/' + pm.request.url.getPath(true).replace(/^\\/+/, '');",
  'if (/^\\/(gateway|octopus)\\/api\\//.test(path) && pm.request.body && pm.request.body.raw) {',
  '  const raw = pm.variables.replaceIn(pm.request.body.raw);',
  "  pm.request.body.update({ mode: 'raw', raw: raw, options: { raw: { language: 'json' } } });",
  '  const fields = JSON.parse(raw);',
  "  const signed = Object.keys(fields).sort().map((name) => name + '=' + fields[name]).join('&');",
  "  const signature = CryptoJS.HmacSHA256(signed, pm.variables.get('apiSecret')).toString(CryptoJS.enc.Hex);",
  "  pm.request.headers.upsert({ key: 'OC-Key', value: pm.variables.get('apiKey') });",
  "  pm.request.headers.upsert({ key: 'OC-Signature', value: signature });",
  '}',
];

const VARIABLES = [
  { key: 'baseUrl', value: 'http://localhost:8080', description: "The service's address (PUBLIC_BASE_URL)" },
  { key: 'merchantUid', value: '', description: 'Your merchant UID (M…)' },
  { key: 'apiKey', value: '', description: 'Your API key (ak_…), sent as OC-Key' },
  { key: 'apiSecret', value: '', description: 'Your API secret: signs requests, never sent' },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface OpenApi {
  readonly paths: Record<string, Record<string, { tags?: string[] }>>;
  readonly [key: string]: unknown;
}

export async function buildCollection(openApiText: string): Promise<Record<string, Json>> {
  const openApi = JSON.parse(openApiText) as OpenApi;
  const paths = Object.fromEntries(
    Object.entries(openApi.paths)
      .map(([path, item]) => [
        path,
        Object.fromEntries(
          Object.entries(item).filter(([, operation]) => operation.tags?.some((tag) => TAGS.has(tag))),
        ),
      ])
      .filter(([, item]) => Object.keys(item as object).length > 0),
  );
  // The merchant's own UID instead of the example's, and a fresh merchant_order_id per request.
  const text = JSON.stringify({ ...openApi, paths, webhooks: undefined })
    .replaceAll('a3c5e7f9-0000-4000-8000-000000000001', '{{merchantUid}}')
    .replaceAll('"SHOP-1001"', '"SHOP-{{$timestamp}}"');
  const converted = await new Promise<Json>((resolve, reject) => {
    convertV2(
      { type: 'string', data: text },
      { folderStrategy: 'Tags', parametersResolution: 'Example', includeWebhooks: false },
      (error, result) => {
        if (error) reject(error);
        else if (!result?.result || !result.output?.[0])
          reject(new Error(result?.reason ?? 'conversion failed'));
        else resolve(result.output[0].data as Json);
      },
    );
  });
  const collection = withoutKeys(converted, new Set(['id', '_postman_id', 'auth', 'response'])) as Record<
    string,
    Json
  >;
  const folders = (collection.item ?? []) as { item?: Json[] }[];
  const info = (collection.info ?? {}) as Record<string, Json>;
  return {
    info: {
      name: 'UPI gateway: merchant API',
      description:
        'Generated from /openapi.json (npm run postman). Set the collection variables merchantUid, apiKey and apiSecret; the collection pre-request script signs each merchant request. See docs/merchant-api.md.',
      schema: info.schema ?? 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: folders.filter((folder) => (folder.item ?? []).length > 0) as Json[],
    event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: SIGNING_SCRIPT } }],
    variable: VARIABLES,
  };
}

/**
 * Drops the converter's random ids (items, the collection's own) and its saved responses (made up
 * from the schemas at random): every run would differ. Drops its per-request API-key auth too (it
 * would send a placeholder OC-Key; the script signs).
 */
function withoutKeys(value: Json, keys: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((inner) => withoutKeys(inner, keys));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !keys.has(key))
      .map(([key, inner]) => [key, withoutKeys(inner, keys)]),
  );
}
