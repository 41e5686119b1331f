import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { failReasonMessage } from '../lib/fail-reason.js';
import { formatInr } from '../lib/format-inr.js';
import { formatTime } from '../lib/format-time.js';
import { acceptsUtr, type OrderView } from '../lib/order-view.js';
import { returnUrl } from '../lib/safe-redirect.js';
import { BackToShop } from './back-to-shop.js';
import { ContactShop } from './contact-shop.js';
import { Field } from './field.js';
import { ReceiptActions } from './receipt-actions.js';
import { RedirectNotice } from './redirect-notice.js';
import { type MarkKind, StatusMark } from './status-mark.js';
import { type UtrEntry, UtrForm } from './utr-form.js';

export type ResultView = Exclude<OrderView, 'pay' | 'payout' | 'verifying'>;

const TEXT: { readonly [V in ResultView]: { title: MessageKey; body: MessageKey; mark: MarkKind } } = {
  success: { title: 'statusSuccess', body: 'successBody', mark: 'check' },
  rejected: { title: 'statusRejected', body: 'rejectedBody', mark: 'cross' },
  failed: { title: 'statusFailed', body: 'failedBody', mark: 'cross' },
  expired: { title: 'statusExpired', body: 'expiredBody', mark: 'clock' },
  refunded: { title: 'statusRefunded', body: 'refundedBody', mark: 'back' },
};

export interface ResultScreenProps extends UtrEntry {
  readonly view: ResultView;
  readonly order: PayerOrder;
}

/**
 * One screen per outcome. Only success counts down to the shop (the signed `return_url`), and
 * gives a receipt to save, share or print; the others offer "Back to the shop" and stay. Expired
 * and failed still take a late UTR. Reasons come as codes and are said in the payer's language;
 * a rejected payment shows both amounts and the shop's contact with what to quote.
 */
export function ResultScreen({ view, order, ...entry }: ResultScreenProps) {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const text = TEXT[view];
  const amount = formatInr(order.amount);
  const merchant = order.merchant.name;
  const back = returnUrl(order);
  const reason = order.fail_reason && view !== 'success' ? failReasonMessage(order.fail_reason) : undefined;
  const mismatch = view === 'rejected' && order.final_amount !== order.amount;
  // An order the payment team closed takes no UTR from the payer: the page sends them to the shop.
  const closed = view === 'failed' && order.fail_reason?.code === 'operator_failed';
  const lateUtr = acceptsUtr(view) && !closed;
  // With no tries left the UTR form gives way to the shop's contact, which lists what to quote.
  const quoted = view === 'rejected' || closed || (lateUtr && order.utr_attempts_left <= 0);
  return (
    <section class={`result ${view}`}>
      <StatusMark kind={text.mark} />
      <h1 tabIndex={-1}>{t(text.title)}</h1>
      {reason && <p class="reason">{t(reason.key, reason.values)}</p>}
      <p>{t(text.body, { amount, merchant })}</p>
      <dl class="fields">
        {mismatch ? (
          <>
            <Field label={t('amountExpected')}>{amount}</Field>
            <Field label={t('amountReceived')}>{formatInr(order.final_amount)}</Field>
          </>
        ) : (
          <Field label={t('amount')}>{amount}</Field>
        )}
        {view === 'success' && <Field label={t('shop')}>{merchant}</Field>}
        {order.utr && view !== 'expired' && !quoted && (
          <Field label={t('utr')} valueClass="mono">
            {order.utr}
          </Field>
        )}
        {view === 'success' && (
          <Field label={t('dateTime')}>{formatTime(order.status_changed_at, locale)}</Field>
        )}
        {!quoted && (
          <Field label={t('orderRef')} valueClass="mono">
            {order.merchant_order_id}
          </Field>
        )}
      </dl>
      {(view === 'rejected' || closed) && (
        <ContactShop
          order={order}
          utr={order.utr}
          title={t('contactTitle')}
          body={t('rejectedNext', { merchant })}
        />
      )}
      {lateUtr && <UtrForm order={order} late {...entry} />}
      {view === 'success' && (
        <RedirectNotice url={back} merchant={merchant} embedOrigins={order.embed_origins} hold={busy} />
      )}
      {view === 'success' && <ReceiptActions order={order} onUse={() => setBusy(true)} />}
      {view !== 'success' && back && (
        <BackToShop url={back} embedOrigins={order.embed_origins} secondary={lateUtr} />
      )}
      {view !== 'success' && !back && view !== 'expired' && view !== 'failed' && (
        <p class="closing">{t('mayClose')}</p>
      )}
    </section>
  );
}
