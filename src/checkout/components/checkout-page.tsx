import { useEffect } from 'preact/hooks';
import { useAppDeps } from '../app-deps.js';
import { useOrderPoller } from '../hooks/use-order-poller.js';
import { useI18n } from '../i18n/i18n-context.js';
import { MessageScreen } from './message-screen.js';
import { OrderScreen } from './order-screen.js';
import { PageFrame } from './page-frame.js';

/** Follows the order and shows the screen for its phase. */
export function CheckoutPage() {
  const { t } = useI18n();
  const { api, paymentUid, firstOrder } = useAppDeps();
  const [state, poller] = useOrderPoller(api, paymentUid, firstOrder);
  const title =
    state.phase === 'not-found'
      ? t('notFoundTitle')
      : state.phase === 'unreachable'
        ? t('unreachableTitle')
        : t('pageTitle');
  useEffect(() => {
    // The order's screen sets its own title; until then the tab says this, in the payer's language.
    if (state.phase !== 'ready') document.title = title;
  }, [state.phase, title]);

  if (state.phase === 'ready' && state.order) {
    return (
      <OrderScreen
        order={state.order}
        clockOffsetMs={state.clockOffsetMs}
        offline={state.offline}
        poller={poller}
      />
    );
  }
  if (state.phase === 'not-found') {
    return (
      <PageFrame announcement={t('notFoundTitle')} offline={false}>
        <MessageScreen title={t('notFoundTitle')} body={t('notFoundBody')} />
      </PageFrame>
    );
  }
  if (state.phase === 'unreachable') {
    return (
      <PageFrame announcement={t('unreachableTitle')} offline={false}>
        <MessageScreen title={t('unreachableTitle')} body={t('unreachableBody')}>
          <button type="button" class="button primary" onClick={() => poller.refreshNow()}>
            {t('retry')}
          </button>
        </MessageScreen>
      </PageFrame>
    );
  }
  return (
    <PageFrame announcement={t('loading')} offline={false}>
      <MessageScreen title={t('loading')} />
    </PageFrame>
  );
}
