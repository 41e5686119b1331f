import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import { CopyField } from './copy-field.js';

/** Inside another app's web view: what works here, said first. */
export function WebViewNote() {
  const { t } = useI18n();
  return (
    <div class="note">
      <p>
        <strong>{t('webViewTitle')}</strong>
      </p>
      <p>{t('webViewBody')}</p>
    </div>
  );
}

/** How to leave the web view for the phone's browser, where UPI apps open: the menu, or the link. */
export function OpenInBrowser() {
  const { t } = useI18n();
  const { pageUrl } = useAppDeps();
  return (
    <section class="open-browser" aria-labelledby="open-browser-title">
      <h3 id="open-browser-title">{t('openInBrowserTitle')}</h3>
      <p>{t('openInBrowserBody')}</p>
      <dl class="fields">
        <CopyField label={t('pageLink')} value={pageUrl.split('#')[0] ?? pageUrl} />
      </dl>
    </section>
  );
}
