/**
 * A versioned schema migration, applied in order at start-up. Never edit a released migration:
 * add a new one, in a file of its own under migrations/ named after its version, and list it in
 * migrations.ts. Money is integer paise (bigint); identifiers and UTRs are text.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
