import { isLocale, type Locale } from './locale-list.js';

/** `?lang=` first, then the browser's languages in order (`hi-IN` counts as `hi`), then English. */
export function pickLocale(queryLang: string | null, browserLanguages: readonly string[]): Locale {
  const candidates = queryLang === null ? browserLanguages : [queryLang, ...browserLanguages];
  for (const tag of candidates) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(base)) return base;
  }
  return 'en';
}
