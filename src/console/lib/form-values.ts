/** A submitted form's fields by name, each trimmed: the filters a list's address carries. */
export function formValues(event: Event): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(event.currentTarget as HTMLFormElement).entries()) {
    values[name] = String(value).trim();
  }
  return values;
}
