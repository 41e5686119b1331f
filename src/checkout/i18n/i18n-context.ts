import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { fillTemplate } from './fill-template.js';
import type { Locale } from './locale-list.js';
import type { MessageKey, Messages } from './messages.js';

export interface I18n {
  readonly locale: Locale;
  readonly t: (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;
  readonly setLocale: (locale: Locale) => void;
}

export function makeTranslator(messages: Messages): I18n['t'] {
  return (key, values) => fillTemplate(messages[key], values);
}

/** Outside a provider (never in the app) keys show as themselves. */
export const I18nContext = createContext<I18n>({
  locale: 'en',
  t: (key) => key,
  setLocale: () => {},
});

export function useI18n(): I18n {
  return useContext(I18nContext);
}
