/** Fills `{name}` slots. Values are inserted as text by the caller's JSX, never as HTML. */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = values[name];
    return value === undefined ? slot : String(value);
  });
}
