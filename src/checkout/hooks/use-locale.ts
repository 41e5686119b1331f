import { useEffect, useMemo, useState } from 'preact/hooks';
import { type I18n, makeTranslator } from '../i18n/i18n-context.js';
import { loadMessages } from '../i18n/load-messages.js';
import type { Locale } from '../i18n/locale-list.js';
import type { Messages } from '../i18n/messages.js';

/**
 * The chosen language: switching loads that locale's chunk, then sets `<html lang>` and `?lang=`
 * (so a reload keeps the choice).
 */
export function useLocale(initial: { readonly locale: Locale; readonly messages: Messages }): I18n {
  const [current, setCurrent] = useState(initial);

  useEffect(() => {
    document.documentElement.lang = current.locale;
  }, [current.locale]);

  return useMemo(
    () => ({
      locale: current.locale,
      t: makeTranslator(current.messages),
      setLocale: (locale: Locale) => {
        void loadMessages(locale).then(
          (messages) => {
            setCurrent({ locale, messages });
            const url = new URL(window.location.href);
            url.searchParams.set('lang', locale);
            window.history.replaceState(window.history.state, '', url);
          },
          () => {
            // The chunk did not load (offline): stay in the current language.
          },
        );
      },
    }),
    [current],
  );
}
