import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { failReasonMessage } from '../lib/fail-reason.js';
import { formatInr } from '../lib/format-inr.js';
import { acceptsUtr, type OrderView } from '../lib/order-view.js';
import { safeRedirectUrl } from '../lib/safe-redirect.js';
import { BackToShop } from './back-to-shop.js';
import { RedirectNotice } from './redirect-notice.js';
import { type MarkKind, StatusMark } from './status-mark.js';
import { SupportContactLine } from './support-contact-line.js';
import { UtrForm } from './utr-form.js';

export type ResultView = Exclude<OrderView, 'pay' | 'payout' | 'verifying'>;

const TEXT: { readonly [V in ResultView]: { title: MessageKey; body: MessageKey; mark: MarkKind } } = {
  success: { title: 'statusSuccess', body: 'successBody', mark: 'check' },
  rejected: { title: 'statusRejected', body: 'rejectedBody', mark: 'cross' },
  failed: { title: 'statusFailed', body: 'failedBody', mark: 'cross' },
  expired: { title: 'statusExpired', body: 'expiredBody', mark: 'clock' },
  refunded: { title: 'statusRefunded', body: 'refundedBody', mark: 'back' },
};

export interface ResultScreenProps {
  readonly view: ResultView;
  readonly order: PayerOrder;
  readonly utrDraft: string;
  readonly onUtrChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  readonly onStale: () => void;
}

/**
 * One screen per outcome. Only success counts down to `redirect_url`; the others offer "Back to
 * the shop" and stay. Expired and failed still take a late UTR. Reasons come as codes and are
 * said in the payer's language; a rejected payment shows both amounts and what to do.
 */
export function ResultScreen({ view, order, utrDraft, onUtrChange, onAccepted, onStale }: ResultScreenProps) {
  const { t, locale } = useI18n();
  const text = TEXT[view];
  const amount = formatInr(order.amount);
  const merchant = order.merchant.name;
  const redirect = safeRedirectUrl(order.redirect_url);
  const reason = order.fail_reason && view !== 'success' ? failReasonMessage(order.fail_reason) : undefined;
  const mismatch = view === 'rejected' && order.final_amount !== order.amount;
  return (
    <section class={`result ${view}`}>
      <StatusMark kind={text.mark} />
      <h1 tabIndex={-1}>{t(text.title)}</h1>
      {reason && <p class="reason">{t(reason.key, reason.values)}</p>}
      <p>{t(text.body, { amount, merchant })}</p>
      {view === 'rejected' && order.utr && <p>{t('rejectedNext', { merchant, utr: order.utr })}</p>}
      <dl class="fields">
        {mismatch ? (
          <>
            <div class="field">
              <dt>{t('amountExpected')}</dt>
              <dd class="field-value">{amount}</dd>
            </div>
            <div class="field">
              <dt>{t('amountReceived')}</dt>
              <dd class="field-value">{formatInr(order.final_amount)}</dd>
            </div>
          </>
        ) : (
          <div class="field">
            <dt>{t('amount')}</dt>
            <dd class="field-value">{amount}</dd>
          </div>
        )}
        {order.utr && view !== 'expired' && (
          <div class="field">
            <dt>{t('utr')}</dt>
            <dd class="field-value mono">{order.utr}</dd>
          </div>
        )}
        {view === 'success' && (
          <div class="field">
            <dt>{t('time')}</dt>
            <dd class="field-value">{formatTime(order.status_changed_at, locale)}</dd>
          </div>
        )}
        <div class="field">
          <dt>{t('orderRef')}</dt>
          <dd class="field-value mono">{order.merchant_order_id}</dd>
        </div>
        {view !== 'success' && <SupportContactLine contact={order.merchant.support_contact} />}
      </dl>
      {acceptsUtr(view) && (
        <UtrForm
          order={order}
          late
          value={utrDraft}
          onChange={onUtrChange}
          onAccepted={onAccepted}
          onStale={onStale}
        />
      )}
      {view === 'success' && (
        <RedirectNotice url={redirect} merchant={merchant} embedOrigins={order.embed_origins} />
      )}
      {view !== 'success' && redirect && <BackToShop url={redirect} embedOrigins={order.embed_origins} />}
      {view !== 'success' && !redirect && view !== 'expired' && view !== 'failed' && (
        <p class="closing">{t('mayClose')}</p>
      )}
    </section>
  );
}

function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A 24-hour clock: every Indian locale's 12-hour form ends in a Latin "AM"/"PM".
  return new Intl.DateTimeFormat(`${locale}-IN`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(date);
}
