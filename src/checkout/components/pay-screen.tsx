import { useEffect, useRef } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppLaunch } from '../hooks/use-app-launch.js';
import { useLaterScreens } from '../hooks/use-later-screens.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { TimeLeft } from '../lib/time-left.js';
import { ImpsPayment } from './imps-payment.js';
import { OrderSummary } from './order-summary.js';
import { UpiPayment } from './upi-payment.js';
import { type UtrEntry, UtrForm } from './utr-form.js';

export interface PayScreenProps extends UtrEntry {
  readonly order: PayerOrder;
  readonly timeLeft: TimeLeft;
}

/**
 * The pending order: what to pay, how, and the UTR field for afterwards (or, with no tries left, the
 * shop's contact instead of the ways to pay). When the payer comes
 * back from their UPI app, the UTR step comes forward: "Paid? Enter the UTR", scrolled into
 * view and focused.
 */
export function PayScreen({ order, timeLeft, ...entry }: PayScreenProps) {
  const { t } = useI18n();
  // With no UTR tries left a new payment could never be matched: no payment details then.
  const collection = order.utr_attempts_left > 0 ? order.collection : null;
  const launch = useAppLaunch();
  // The sandbox's panel comes with the later screens' chunk (production pages never need it).
  const later = useLaterScreens();
  const utrStep = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!launch.returned) return;
    utrStep.current?.scrollIntoView?.({ block: 'start' });
    utrStep.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [launch.returned]);

  return (
    <>
      <h1 class="visually-hidden" tabIndex={-1}>
        {t('statusPay')}
      </h1>
      <OrderSummary order={order} timeLeft={timeLeft} />
      {order.sandbox && collection && later && (
        <later.SandboxPanel paymentUid={order.payment_uid} onSimulated={entry.onUtrChange} />
      )}
      {collection?.kind === 'upi' && (
        <UpiPayment order={order} upi={collection} onLaunch={launch.launched} appHelp={launch.helpShown} />
      )}
      {collection?.kind === 'imps' && <ImpsPayment order={order} imps={collection} />}
      <div ref={utrStep} class="utr-step">
        <UtrForm
          order={order}
          late={false}
          {...entry}
          {...(launch.returned ? { title: t('paidEnterUtr') } : {})}
        />
      </div>
    </>
  );
}
