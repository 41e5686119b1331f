import { useI18n } from '../i18n/i18n-context.js';
import { isLocale, LOCALE_NAMES, LOCALES } from '../i18n/locale-list.js';

/** A native select: small, accessible, and each language written in its own script. */
export function LanguagePicker() {
  const { t, locale, setLocale } = useI18n();
  return (
    <div class="language">
      <select
        value={locale}
        aria-label={t('language')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLocale(value)) setLocale(value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
