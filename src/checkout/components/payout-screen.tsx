import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { failReasonMessage } from '../lib/fail-reason.js';
import { formatInr } from '../lib/format-inr.js';
import { formatTime } from '../lib/format-time.js';
import { returnUrl } from '../lib/safe-redirect.js';
import { BackToShop } from './back-to-shop.js';
import { Field } from './field.js';
import { type MarkKind, StatusMark } from './status-mark.js';

type PayoutStage = 'pending' | 'processing' | 'completed' | 'failed';

const STAGES: { readonly [S in PayoutStage]: { status: MessageKey; body: MessageKey; mark: MarkKind } } = {
  pending: { status: 'payoutPending', body: 'payoutBodyPending', mark: 'dots' },
  processing: { status: 'payoutProcessing', body: 'payoutBodyProcessing', mark: 'dots' },
  completed: { status: 'payoutCompleted', body: 'payoutBodyCompleted', mark: 'check' },
  failed: { status: 'payoutFailed', body: 'payoutBodyFailed', mark: 'cross' },
};

function payoutStage(status: PaymentStatus): PayoutStage {
  if (status === 'completed' || status === 'processing') return status;
  if (status === 'pending' || status === 'preparing' || status === 'none') return 'pending';
  return 'failed';
}

/**
 * A payout's `payment_url`: read-only, its text following the status, and once known the bank's
 * reference (UTR), the account it went to (masked) and when it was paid; then the way back.
 */
export function PayoutScreen({ order }: { readonly order: PayerOrder }) {
  const { t, locale } = useI18n();
  const amount = formatInr(order.amount);
  const stage = STAGES[payoutStage(order.payment_status)];
  const back = returnUrl(order);
  const payout = order.payout;
  const reason = order.fail_reason ? failReasonMessage(order.fail_reason) : undefined;
  return (
    <section class={`result payout payout-${payoutStage(order.payment_status)}`}>
      <StatusMark kind={stage.mark} />
      <h1 tabIndex={-1}>{t('statusPayout')}</h1>
      <p>{t(stage.body, { merchant: order.merchant.name, amount })}</p>
      {reason && <p class="reason">{t(reason.key, reason.values)}</p>}
      <dl class="fields">
        <Field label={t('payoutStatus')} valueClass="status-value">
          {t(stage.status)}
        </Field>
        <Field label={t('amount')}>{amount}</Field>
        {payout && (
          <Field label={t('payoutAccount')} valueClass="mono">
            {payout.account}
          </Field>
        )}
        {payout?.bank_reference && (
          <Field label={t('payoutReference')} valueClass="mono">
            {payout.bank_reference}
          </Field>
        )}
        {payout?.completed_at && (
          <Field label={t('payoutPaidAt')}>{formatTime(payout.completed_at, locale)}</Field>
        )}
        <Field label={t('orderRef')} valueClass="mono">
          {order.merchant_order_id}
        </Field>
      </dl>
      {back && <BackToShop url={back} embedOrigins={order.embed_origins} />}
    </section>
  );
}
