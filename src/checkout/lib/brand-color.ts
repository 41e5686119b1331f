/**
 * The merchant's accent colour, only when it is a plain `#rrggbb` (merchant input is untrusted)
 * dark enough to carry white text at WCAG AA contrast (4.5:1); otherwise the page's own green.
 */
export function brandColor(color: string | null): string | undefined {
  if (color === null || !/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  return contrastWithWhite(color) >= 4.5 ? color : undefined;
}

export function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}
