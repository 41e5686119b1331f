/** The merchant's accent colour, only when it is a plain `#rrggbb` (merchant input is untrusted). */
export function brandColor(color: string | null): string | undefined {
  return color !== null && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
}
