import { type AppDeps, AppDepsContext } from './app-deps.js';
import { CheckoutPage } from './components/checkout-page.js';
import { useLocale } from './hooks/use-locale.js';
import { I18nContext } from './i18n/i18n-context.js';
import type { Locale } from './i18n/locale-list.js';
import type { Messages } from './i18n/messages.js';

export interface AppProps {
  readonly deps: AppDeps;
  readonly locale: Locale;
  readonly messages: Messages;
}

/** The checkout page with its outside world (API, storage, navigation) injected. */
export function App({ deps, locale, messages }: AppProps) {
  const i18n = useLocale({ locale, messages });
  return (
    <AppDepsContext.Provider value={deps}>
      <I18nContext.Provider value={i18n}>
        <CheckoutPage />
      </I18nContext.Provider>
    </AppDepsContext.Provider>
  );
}
