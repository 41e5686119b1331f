import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { formatInr } from '../lib/format-inr.js';
import { safeRedirectUrl } from '../lib/safe-redirect.js';
import { BackToShop } from './back-to-shop.js';

function payoutStatusKey(status: PaymentStatus): MessageKey {
  if (status === 'completed') return 'payoutCompleted';
  if (status === 'processing') return 'payoutProcessing';
  if (status === 'pending' || status === 'preparing' || status === 'none') return 'payoutPending';
  return 'payoutFailed';
}

/** A payout's `payment_url`: its status ("Paid out" once it is), read-only, and the way back. */
export function PayoutScreen({ order }: { readonly order: PayerOrder }) {
  const { t } = useI18n();
  const amount = formatInr(order.amount);
  const redirect = safeRedirectUrl(order.redirect_url);
  return (
    <section class="result payout">
      <h1 tabIndex={-1}>{t('statusPayout')}</h1>
      <p>{t('payoutBody', { merchant: order.merchant.name, amount })}</p>
      <dl class="fields">
        <div class="field">
          <dt>{t('payoutStatus')}</dt>
          <dd class="field-value status-value">{t(payoutStatusKey(order.payment_status))}</dd>
        </div>
        <div class="field">
          <dt>{t('amount')}</dt>
          <dd class="field-value">{amount}</dd>
        </div>
        <div class="field">
          <dt>{t('orderRef')}</dt>
          <dd class="field-value mono">{order.merchant_order_id}</dd>
        </div>
      </dl>
      {redirect && <BackToShop url={redirect} embedOrigins={order.embed_origins} />}
    </section>
  );
}
