import { useAppDeps } from '../app-deps.js';
import { useRedirectCountdown } from '../hooks/use-redirect-countdown.js';
import { useI18n } from '../i18n/i18n-context.js';

/** On a final screen: a visible, cancellable 5 s countdown back to the shop, or "you may close". */
export function RedirectNotice({
  url,
  merchant,
}: {
  readonly url: string | undefined;
  readonly merchant: string;
}) {
  const { t } = useI18n();
  const { navigate } = useAppDeps();
  const countdown = useRedirectCountdown(url, navigate);
  if (url === undefined) return <p class="closing">{t('mayClose')}</p>;
  return (
    <div class="closing">
      {!countdown.cancelled && (
        <p role="timer" aria-live="off">
          {t('redirectIn', { merchant, seconds: countdown.secondsLeft })}
        </p>
      )}
      <div class="actions">
        <button type="button" class="button primary" onClick={countdown.goNow}>
          {t('goNow', { merchant })}
        </button>
        {!countdown.cancelled && (
          <button type="button" class="button" onClick={countdown.cancel}>
            {t('stay')}
          </button>
        )}
      </div>
    </div>
  );
}
