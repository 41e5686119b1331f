/**
 * Groups of fields that several answers carry alike, declared once and spread into each view that
 * shows them, so a field of a group cannot come to mean one thing in one answer and another in the
 * next; and the makers of fields that carry their description into the document. Written with
 * `zod/mini`, as console-views.ts.
 */
import * as z from 'zod/mini';

/** A text field, described in the document. */
export const text = (description: string) => z.string().check(z.describe(description));

/** A list of texts, described in the document. */
export const texts = (description: string) => z.array(z.string()).check(z.describe(description));

/** The merchant a row belongs to: its uid, and its name to show. */
export const merchantFields = {
  merchant_uid: z.string(),
  merchant_name: z.string(),
};

/** When the record was created and when it last changed, ISO 8601. */
export const recordTimeFields = {
  created_at: z.string(),
  updated_at: z.string(),
};

/** The order a row is about: its uid, its merchant, and the merchant's own reference for it. */
export const orderRefFields = {
  payment_uid: z.string(),
  merchant_uid: z.string(),
  merchant_order_id: z.string(),
};

/** What one delivery of a callback got back, and how long it took. */
export const deliveryFields = {
  /** The status the merchant's endpoint answered; null when none came. */
  http_status: z.nullable(z.number()),
  latency_ms: z.number(),
  /** The answer's first bytes, as text. */
  response_snippet: z.string(),
  /** Why it was not acknowledged; '' when it was. */
  error: z.string(),
};

/**
 * One named field per key, each of the same schema: an object the document lists field by field,
 * where a record keyed by an enum would name none.
 */
export function fieldPer<const K extends string, S extends z.ZodMiniType>(keys: readonly K[], field: S) {
  return Object.fromEntries(keys.map((key) => [key, field])) as Record<K, S>;
}

/** Who took a step of a record's life and when: `<step>_by`, an operator's name, and `<step>_at`, ISO 8601. */
export function stepFields<const S extends string>(step: S) {
  return { [`${step}_by`]: z.string(), [`${step}_at`]: z.string() } as Record<
    `${S}_by` | `${S}_at`,
    z.ZodMiniString
  >;
}

/** A step that may not be taken yet: who took it and when, both null until someone does. */
export function laterStepFields<const S extends string>(step: S) {
  return { [`${step}_by`]: z.nullable(z.string()), [`${step}_at`]: z.nullable(z.string()) } as Record<
    `${S}_by` | `${S}_at`,
    z.ZodMiniNullable<z.ZodMiniString>
  >;
}
