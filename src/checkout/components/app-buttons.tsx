import { useI18n } from '../i18n/i18n-context.js';
import { type AppLink, buildAppLinks } from '../lib/app-links.js';
import type { Platform } from '../lib/detect-platform.js';

const APP_NAMES: { readonly [A in AppLink['app']]: string } = {
  gpay: 'Google Pay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
  bhim: 'BHIM',
};

/**
 * Phones pay by opening an app: Android gets the system chooser of every UPI app (the `upi://`
 * link itself) plus named apps; iOS, which cannot list apps, gets the named apps only.
 */
export function AppButtons({ extra, platform }: { readonly extra: string; readonly platform: Platform }) {
  const { t } = useI18n();
  const links = buildAppLinks(extra);
  if (links.length === 0) return null;
  return (
    <div class="app-buttons">
      {platform === 'android' && (
        <a class="button primary" href={extra}>
          {t('payAnyApp')}
        </a>
      )}
      {platform === 'android' && <p class="hint">{t('otherApps')}</p>}
      <ul class="app-list">
        {links.map((link) => (
          <li key={link.app}>
            <a class={platform === 'ios' ? 'button primary' : 'button'} href={link.href}>
              {t('payWith', { app: APP_NAMES[link.app] })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
