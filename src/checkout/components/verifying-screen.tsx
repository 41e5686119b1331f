import { useState } from 'preact/hooks';
import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr } from '../lib/format-inr.js';
import { ImpsPayment } from './imps-payment.js';
import { StatusMark } from './status-mark.js';
import { UpiPayment } from './upi-payment.js';
import { UtrForm } from './utr-form.js';

export interface VerifyingScreenProps {
  readonly order: PayerOrder;
  readonly utrDraft: string;
  readonly onUtrChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  readonly onStale: () => void;
}

/**
 * A UTR was submitted and is being matched. A wrong UTR never locks the payer out: while the
 * order is open they can change it (each distinct UTR counts toward the per-order limit, which
 * the form explains) and can bring back the payment details (QR, app buttons, bank details).
 */
export function VerifyingScreen({ order, utrDraft, onUtrChange, onAccepted, onStale }: VerifyingScreenProps) {
  const { t } = useI18n();
  const [changing, setChanging] = useState(false);
  const [detailsShown, setDetailsShown] = useState(false);
  const collection = order.collection;
  const amount = formatInr(order.amount);
  return (
    <section class="result verifying">
      <StatusMark kind="dots" />
      <h1 tabIndex={-1}>{t('statusVerifying')}</h1>
      <p>{t('verifyingBody')}</p>
      <dl class="fields">
        <div class="field">
          <dt>{t('amount')}</dt>
          <dd class="field-value">{amount}</dd>
        </div>
        {order.utr && (
          <div class="field">
            <dt>{t('utr')}</dt>
            <dd class="field-value mono">{order.utr}</dd>
          </div>
        )}
        <div class="field">
          <dt>{t('orderRef')}</dt>
          <dd class="field-value mono">{order.merchant_order_id}</dd>
        </div>
      </dl>
      {changing ? (
        <UtrForm
          order={order}
          late={false}
          value={utrDraft === order.utr ? '' : utrDraft}
          onChange={onUtrChange}
          onAccepted={(status, utr) => {
            setChanging(false);
            onAccepted(status, utr);
          }}
          onStale={onStale}
          autoFocus
        />
      ) : (
        <div class="actions">
          <button type="button" class="button" onClick={() => setChanging(true)}>
            {t('changeUtr')}
          </button>
        </div>
      )}
      {collection && (
        <div class="actions">
          <button
            type="button"
            class="button"
            aria-expanded={detailsShown}
            onClick={() => setDetailsShown(!detailsShown)}
          >
            {detailsShown ? t('hidePayDetails') : t('showPayDetails')}
          </button>
        </div>
      )}
      {detailsShown && collection?.kind === 'upi' && <UpiPayment order={order} upi={collection} />}
      {detailsShown && collection?.kind === 'imps' && <ImpsPayment order={order} imps={collection} />}
    </section>
  );
}
