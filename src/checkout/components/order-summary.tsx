import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr } from '../lib/format-inr.js';
import type { TimeLeft } from '../lib/time-left.js';
import { TimeLeftNote } from './time-left-note.js';

/** The amount, large and in Indian grouping, the order reference in full, and the time left. */
export function OrderSummary({
  order,
  timeLeft,
}: {
  readonly order: PayerOrder;
  readonly timeLeft: TimeLeft;
}) {
  const { t } = useI18n();
  return (
    <section class="summary" aria-label={t('amountToPay')}>
      <p class="label">{t('amountToPay')}</p>
      <p class="amount">{formatInr(order.amount)}</p>
      <p class="order-ref">
        {t('orderRef')}: <span class="mono">{order.merchant_order_id}</span>
      </p>
      <TimeLeftNote timeLeft={timeLeft} />
    </section>
  );
}
