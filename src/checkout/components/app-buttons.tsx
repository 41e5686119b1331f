import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import { type AppLink, appFallbackUrl, buildAppLinks } from '../lib/app-links.js';
import type { Platform } from '../lib/detect-platform.js';

/** App names are the apps' own words: never translated. Their marks are drawn by checkout.css. */
const APP_NAMES: { readonly [A in AppLink['app']]: string } = {
  gpay: 'Google Pay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
  bhim: 'BHIM',
};

/**
 * Phones pay by opening an app: Android gets the system chooser of every UPI app (the `upi://`
 * link itself) first, then named apps by package; iOS, which cannot list apps, named apps by
 * their schemes. A named button shows the app's mark and name (its accessible name says "Pay with
 * …"), so long words of any language never widen it. Where an app is missing, Android comes back
 * to this page (the intents' fallback), which then offers the other ways to pay.
 */
export function AppButtons({
  extra,
  platform,
  onLaunch,
}: {
  readonly extra: string;
  readonly platform: Platform;
  readonly onLaunch: () => void;
}) {
  const { t } = useI18n();
  const { pageUrl } = useAppDeps();
  const links = buildAppLinks(extra, platform, appFallbackUrl(pageUrl));
  if (links.length === 0) return null;
  return (
    <div class="app-buttons">
      {platform === 'android' && (
        <a class="button primary" href={extra} onClick={onLaunch}>
          {t('payAnyApp')}
        </a>
      )}
      <p class="hint">{t(platform === 'android' ? 'otherApps' : 'openApp')}</p>
      <ul class="app-list">
        {links.map((link) => (
          <li key={link.app}>
            <a
              class={platform === 'ios' ? 'button primary app' : 'button app'}
              href={link.href}
              aria-label={t('payWith', { app: APP_NAMES[link.app] })}
              onClick={onLaunch}
            >
              <span class={`app-mark app-mark-${link.app}`} aria-hidden="true" />
              {APP_NAMES[link.app]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "The app didn't open?": the other ways to pay from this phone. */
export function AppHelp() {
  const { t } = useI18n();
  return (
    <div class="app-help" role="status">
      <h3>{t('appHelpTitle')}</h3>
      <ul>
        <li>{t('appHelpOther')}</li>
        <li>{t('appHelpScan')}</li>
        <li>{t('appHelpSave')}</li>
        <li>{t('appHelpCopy')}</li>
      </ul>
    </div>
  );
}
