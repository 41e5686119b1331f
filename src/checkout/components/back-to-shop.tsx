import { useLeave } from '../hooks/use-leave.js';
import { useI18n } from '../i18n/i18n-context.js';

/**
 * "Back to the shop" on screens that must not leave by themselves (rejected, failed, refunded,
 * expired, payouts): a button, and a top-window link where an iframe could not navigate its parent.
 */
export function BackToShop({
  url,
  embedOrigins,
  secondary,
}: {
  readonly url: string;
  readonly embedOrigins: readonly string[];
  /** The screen's main action is another (a UTR form): then this one is not filled. */
  readonly secondary?: boolean;
}) {
  const { t } = useI18n();
  const { blocked, leave } = useLeave(embedOrigins);
  const style = secondary ? 'button' : 'button primary';
  return (
    <div class="actions no-print">
      {blocked ? (
        <a class={style} href={url} target="_top" rel="noopener">
          {t('backToShop')}
        </a>
      ) : (
        <button type="button" class={style} onClick={() => leave(url)}>
          {t('backToShop')}
        </button>
      )}
    </div>
  );
}
