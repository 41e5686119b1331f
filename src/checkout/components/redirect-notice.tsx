import { useLeave } from '../hooks/use-leave.js';
import { useRedirectCountdown } from '../hooks/use-redirect-countdown.js';
import { useI18n } from '../i18n/i18n-context.js';

/**
 * On the success screen only: a visible, cancellable 5 s countdown back to the shop, or "you may
 * close". Inside an iframe whose parent refused top navigation it offers a top-window link instead.
 */
export function RedirectNotice({
  url,
  merchant,
  embedOrigins,
  hold,
}: {
  readonly url: string | undefined;
  readonly merchant: string;
  readonly embedOrigins: readonly string[];
  /** Stop the countdown: the payer is using the page. */
  readonly hold: boolean;
}) {
  const { t } = useI18n();
  const { blocked, leave } = useLeave(embedOrigins);
  const countdown = useRedirectCountdown(url, leave, hold);
  if (url === undefined) return <p class="closing no-print">{t('mayClose')}</p>;
  if (blocked) {
    return (
      <div class="closing actions no-print">
        <a class="button primary" href={url} target="_top" rel="noopener">
          {t('openShop', { merchant })}
        </a>
      </div>
    );
  }
  return (
    <div class="closing no-print">
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
