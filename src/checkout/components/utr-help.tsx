import { useI18n } from '../i18n/i18n-context.js';

/** "Where do I find it?", per app; a native disclosure, so it works without script state. */
export function UtrHelp({ imps }: { readonly imps: boolean }) {
  const { t } = useI18n();
  return (
    <details class="help">
      <summary>{t('whereTitle')}</summary>
      <ul>
        {imps ? (
          <li>{t('whereImps')}</li>
        ) : (
          <>
            <li>{t('wherePhonePe')}</li>
            <li>{t('whereGpay')}</li>
            <li>{t('wherePaytm')}</li>
          </>
        )}
        <li>{t('whereSms')}</li>
      </ul>
    </details>
  );
}
