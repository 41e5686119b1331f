/** The page's languages (docs/checkout.md, Languages) and how one is chosen; the service uses it too. */
export const LOCALES = ['en', 'hi', 'bn', 'ta', 'te', 'mr', 'gu', 'kn', 'ml', 'pa', 'or'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** `?lang=` first, then the browser's languages in order (`hi-IN` counts as `hi`), then English. */
export function pickLocale(queryLang: string | null, browserLanguages: readonly string[]): Locale {
  const candidates = queryLang === null ? browserLanguages : [queryLang, ...browserLanguages];
  for (const tag of candidates) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(base)) return base;
  }
  return 'en';
}
