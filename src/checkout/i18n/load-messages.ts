import type { Locale } from './locale-list.js';
import type { Messages } from './messages.js';

/** A file of locales/ exports its messages under the locale's name (`hi.ts` exports `hi`). */
type LocaleModule = { readonly [L in Locale]?: Messages };

/** Every file of locales/, English included, as a chunk of its own, fetched only when asked for. */
const LOCALE_FILES = import.meta.glob<LocaleModule>('./locales/*.ts');

/**
 * Only the chosen locale is downloaded, fetched while the order is being fetched (main.tsx), so
 * neither waits for the other.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = LOCALE_FILES[`./locales/${locale}.ts`];
  const messages = load && (await load())[locale];
  if (!messages) throw new Error(`No messages for the locale ${locale}`);
  return messages;
}
