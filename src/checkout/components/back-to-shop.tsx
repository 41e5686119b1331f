import { useLeave } from '../hooks/use-leave.js';
import { useI18n } from '../i18n/i18n-context.js';

/**
 * "Back to the shop" on screens that must not leave by themselves (rejected, failed, refunded,
 * expired, payouts): a button, and a top-window link where an iframe could not navigate its parent.
 */
export function BackToShop({
  url,
  embedOrigins,
}: {
  readonly url: string;
  readonly embedOrigins: readonly string[];
}) {
  const { t } = useI18n();
  const { blocked, leave } = useLeave(embedOrigins);
  return (
    <div class="actions">
      {blocked ? (
        <a class="button primary" href={url} target="_top" rel="noopener">
          {t('backToShop')}
        </a>
      ) : (
        <button type="button" class="button primary" onClick={() => leave(url)}>
          {t('backToShop')}
        </button>
      )}
    </div>
  );
}
