import { useEffect, useRef } from 'preact/hooks';
import { isFinalStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useEmbedStatus } from '../hooks/use-embed-status.js';
import { useLaterScreens } from '../hooks/use-later-screens.js';
import { useNow } from '../hooks/use-now.js';
import { useUtrDraft } from '../hooks/use-utr-draft.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { type OrderView, orderView } from '../lib/order-view.js';
import { describeTimeLeft, remainingMs } from '../lib/time-left.js';
import { OfflineContext } from '../state/offline-context.js';
import type { OrderPoller } from '../state/order-poller.js';
import { MessageScreen } from './message-screen.js';
import { PageFrame } from './page-frame.js';
import { PayScreen } from './pay-screen.js';
import type { UtrEntry } from './utr-form.js';

const ANNOUNCE: { readonly [V in OrderView]: MessageKey } = {
  pay: 'statusPay',
  verifying: 'statusVerifying',
  success: 'statusSuccess',
  rejected: 'statusRejected',
  failed: 'statusFailed',
  expired: 'statusExpired',
  refunded: 'statusRefunded',
  payout: 'statusPayout',
};

export interface OrderScreenProps {
  readonly order: PayerOrder;
  readonly clockOffsetMs: number;
  readonly offline: boolean;
  readonly poller: OrderPoller;
}

/** A known order: picks its screen, keeps the UTR draft, and moves focus when the screen changes. */
export function OrderScreen({ order, clockOffsetMs, offline, poller }: OrderScreenProps) {
  const { t } = useI18n();
  const { storage, paymentUid, parent } = useAppDeps();
  const [utrDraft, setUtrDraft] = useUtrDraft(storage, paymentUid);
  const payable = order.transaction_type === 'income' && order.payment_status === 'pending';
  // The clock ticks while the order is paid or checked: the time left, and how long checking takes.
  const checking = order.transaction_type === 'income' && order.payment_status === 'processing';
  const now = useNow((payable || checking) && order.expires_at !== null);
  const timeLeft = describeTimeLeft(remainingMs(order.expires_at, now, clockOffsetMs));
  const view = orderView(order, timeLeft.kind === 'expired');
  const frame = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  const title = t(ANNOUNCE[view]);
  const later = useLaterScreens();

  useEmbedStatus(parent, order);

  useEffect(() => {
    document.title = `${title} · ${order.merchant.name}`;
  }, [title, order.merchant.name]);

  const focusPending = useRef(false);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    focusPending.current = true;
    // The server moves the order to overdue at expiry: fetch it rather than wait for the next poll.
    if (view === 'expired' && payable) poller.refreshNow();
  }, [view, payable, poller]);
  useEffect(() => {
    // Focus the new screen's heading once it is really there (its chunk may still be loading), with
    // the page scrolled to its top: the header (shop, language) stays in view.
    if (!focusPending.current || (view !== 'pay' && !later)) return;
    focusPending.current = false;
    window.scrollTo?.(0, 0);
    frame.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [view, later]);

  useEffect(() => {
    if (isFinalStatus(order.payment_status)) setUtrDraft('');
  }, [order.payment_status]);

  const entry: UtrEntry = {
    utrDraft,
    onUtrChange: setUtrDraft,
    onAccepted: (status, utr) => poller.noteSubmitted(status, utr),
    onStale: () => poller.refreshNow(),
  };

  return (
    <PageFrame
      merchant={order.merchant.name}
      brand={order.merchant.brand_color}
      support={order.merchant.support_contact}
      announcement={title}
      offline={offline}
    >
      <OfflineContext.Provider value={offline}>
        <div ref={frame}>
          {view === 'pay' && <PayScreen order={order} timeLeft={timeLeft} {...entry} />}
          {view !== 'pay' && !later && <MessageScreen title={t('loading')} />}
          {view === 'payout' && later && <later.PayoutScreen order={order} />}
          {view === 'verifying' && later && (
            <later.VerifyingScreen order={order} serverNow={now + clockOffsetMs} {...entry} />
          )}
          {view !== 'pay' && view !== 'payout' && view !== 'verifying' && later && (
            <later.ResultScreen view={view} order={order} {...entry} />
          )}
        </div>
      </OfflineContext.Provider>
    </PageFrame>
  );
}
