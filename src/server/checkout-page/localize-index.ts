/**
 * index.html once per language: `<html lang>`, the tab title, the loading line and `<noscript>`
 * in the payer's language, so no English shows before (or without) the page's script.
 */
import { BOOT_TEXT } from '../../shared/boot-text.js';
import { LOCALES, type Locale } from '../../shared/locale-pick.js';
import { type StaticFile, staticFileFromText } from './static-files.js';

export function localizedIndexes(html: Uint8Array): { readonly [L in Locale]: StaticFile } {
  const source = new TextDecoder().decode(html);
  const entries = LOCALES.map((locale) => [
    locale,
    staticFileFromText(localizeIndex(source, locale), '.html'),
  ]);
  return Object.fromEntries(entries) as { [L in Locale]: StaticFile };
}

export function localizeIndex(html: string, locale: Locale): string {
  const text = BOOT_TEXT[locale];
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(text.title)}</title>`)
    .replace(/(<p class="boot"[^>]*>)[^<]*(<\/p>)/, `$1${escapeHtml(text.loading)}$2`)
    .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(text.noscript)}</noscript>`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
