/**
 * An audit entry's before and after as an operator reads them: one line per field that changed,
 * `field: old -> new` (nested fields by their path, `limits.max`), instead of two JSON documents
 * to compare by eye. A field only before reads `old -> (none)`, only after `(none) -> new`.
 */
export interface AuditChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const NONE = '(none)';

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const changes: AuditChange[] = [];
  collect('', before, after, changes);
  return changes;
}

function collect(path: string, before: unknown, after: unknown, changes: AuditChange[]): void {
  if (isRecord(before) && isRecord(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const name of names) collect(path ? `${path}.${name}` : name, before[name], after[name], changes);
    return;
  }
  if (isRecord(before) !== isRecord(after) && (isRecord(before) || isRecord(after))) {
    // A whole object appeared or went (a credit posted, a source revoked): list its fields.
    const whole = isRecord(after) ? after : (before as Record<string, unknown>);
    for (const [name, value] of Object.entries(whole)) {
      const field = path ? `${path}.${name}` : name;
      collect(field, isRecord(after) ? undefined : value, isRecord(after) ? value : undefined, changes);
    }
    return;
  }
  const old = show(before);
  const now = show(after);
  if (old !== now) changes.push({ field: path || 'value', before: old, after: now });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
