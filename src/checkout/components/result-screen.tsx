import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { formatInr } from '../lib/format-inr.js';
import { acceptsUtr, isClosingView, type OrderView } from '../lib/order-view.js';
import { safeRedirectUrl } from '../lib/safe-redirect.js';
import { RedirectNotice } from './redirect-notice.js';
import { type MarkKind, StatusMark } from './status-mark.js';
import { UtrForm } from './utr-form.js';

export type ResultView = Exclude<OrderView, 'pay' | 'payout'>;

const TEXT: { readonly [V in ResultView]: { title: MessageKey; body: MessageKey; mark: MarkKind } } = {
  verifying: { title: 'statusVerifying', body: 'verifyingBody', mark: 'dots' },
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

/** One screen per outcome; expired and failed still take a late UTR. */
export function ResultScreen({ view, order, utrDraft, onUtrChange, onAccepted, onStale }: ResultScreenProps) {
  const { t, locale } = useI18n();
  const text = TEXT[view];
  const amount = formatInr(order.amount);
  const merchant = order.merchant.name;
  const redirect = safeRedirectUrl(order.redirect_url);
  const showReason = (view === 'rejected' || view === 'failed') && order.fail_reason;
  return (
    <section class={`result ${view}`}>
      <StatusMark kind={text.mark} />
      <h1 tabIndex={-1}>{t(text.title)}</h1>
      <p>{t(text.body, { amount, merchant })}</p>
      <dl class="fields">
        <div class="field">
          <dt>{t('amount')}</dt>
          <dd class="field-value">{amount}</dd>
        </div>
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
        {showReason && (
          <div class="field">
            <dt>{t('details')}</dt>
            <dd class="field-value" lang="en">
              {order.fail_reason}
            </dd>
          </div>
        )}
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
      {isClosingView(view) && <RedirectNotice url={redirect} merchant={merchant} />}
      {!isClosingView(view) && redirect && (
        <p>
          <a class="button" href={redirect}>
            {t('goNow', { merchant })}
          </a>
        </p>
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
