import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { TimeLeft } from '../lib/time-left.js';
import { ImpsPayment } from './imps-payment.js';
import { OrderSummary } from './order-summary.js';
import { SandboxPanel } from './sandbox-panel.js';
import { UpiPayment } from './upi-payment.js';
import { UtrForm } from './utr-form.js';

export interface PayScreenProps {
  readonly order: PayerOrder;
  readonly timeLeft: TimeLeft;
  readonly utrDraft: string;
  readonly onUtrChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  readonly onStale: () => void;
}

/** The pending order: what to pay, how, and the UTR field for afterwards. */
export function PayScreen({ order, timeLeft, utrDraft, onUtrChange, onAccepted, onStale }: PayScreenProps) {
  const { t } = useI18n();
  const collection = order.collection;
  return (
    <>
      <h1 class="visually-hidden" tabIndex={-1}>
        {t('statusPay')}
      </h1>
      <OrderSummary order={order} timeLeft={timeLeft} />
      {order.sandbox && <SandboxPanel paymentUid={order.payment_uid} onSimulated={onUtrChange} />}
      {collection?.kind === 'upi' && <UpiPayment order={order} upi={collection} />}
      {collection?.kind === 'imps' && <ImpsPayment order={order} imps={collection} />}
      <UtrForm
        order={order}
        late={false}
        value={utrDraft}
        onChange={onUtrChange}
        onAccepted={onAccepted}
        onStale={onStale}
      />
    </>
  );
}
