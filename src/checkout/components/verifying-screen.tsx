import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr } from '../lib/format-inr.js';
import { formatTime } from '../lib/format-time.js';
import { ContactShop } from './contact-shop.js';
import { Field } from './field.js';
import { ImpsPayment } from './imps-payment.js';
import { StatusMark } from './status-mark.js';
import { UpiPayment } from './upi-payment.js';
import { type UtrEntry, UtrForm } from './utr-form.js';

/** After this long checking, the shop's contact and the order reference come forward. */
export const LONG_WAIT_MS = 5 * 60_000;

export interface VerifyingScreenProps extends UtrEntry {
  readonly order: PayerOrder;
  /** The server's clock now (local clock plus offset), in milliseconds. */
  readonly serverNow: number;
}

/**
 * A UTR was submitted and is being matched. The screen says how long it has been, what happens
 * next and until when, and after a few minutes brings the shop's contact forward. A wrong UTR
 * never locks the payer out while tries are left: they can change it and, until the order's time
 * is up, bring back the payment details. Once the time is up no payment details are offered: the
 * payer is told not to pay again and what happens to a payment already made.
 */
export function VerifyingScreen({ order, serverNow, ...entry }: VerifyingScreenProps) {
  const { t, locale } = useI18n();
  const [changing, setChanging] = useState(false);
  const [detailsShown, setDetailsShown] = useState(false);
  const collection = order.collection;
  const amount = formatInr(order.amount);
  const merchant = order.merchant.name;
  const expiresAt = order.expires_at === null ? Number.NaN : Date.parse(order.expires_at);
  const timeIsUp = expiresAt <= serverNow;
  const elapsedMinutes = Math.max(0, Math.floor((serverNow - Date.parse(order.status_changed_at)) / 60_000));
  const longWait = elapsedMinutes * 60_000 >= LONG_WAIT_MS;
  const until = order.checking_until === null ? undefined : formatTime(order.checking_until, locale);
  const triesLeft = order.utr_attempts_left > 0;
  // The shop's contact block (with the order reference and the UTR to quote) once the wait is long,
  // the time is up or no tries are left; the fields above then leave those two to it.
  const contactBlock = !triesLeft || longWait || timeIsUp;
  return (
    <section class="result verifying">
      <StatusMark kind="dots" />
      <h1 tabIndex={-1}>{t('statusVerifying')}</h1>
      <p class="elapsed">
        {elapsedMinutes > 0 ? t('checkingFor', { minutes: elapsedMinutes }) : t('checkingStarted')}
      </p>
      {timeIsUp ? (
        <>
          <p class="notice">{t('checkingTimeUp')}</p>
          {until && <p>{t('checkingTimeUpPaid', { until })}</p>}
        </>
      ) : (
        <>
          <p>{t('verifyingBody', { merchant })}</p>
          {until && <p>{t('checkingUntil', { until })}</p>}
        </>
      )}
      <dl class="fields">
        <Field label={t('amount')}>{amount}</Field>
        {!contactBlock && order.utr && (
          <Field label={t('utr')} valueClass="mono">
            {order.utr}
          </Field>
        )}
        {!contactBlock && (
          <Field label={t('orderRef')} valueClass="mono">
            {order.merchant_order_id}
          </Field>
        )}
      </dl>
      {triesLeft && (longWait || timeIsUp) && (
        <ContactShop
          order={order}
          utr={order.utr}
          title={t('longWaitTitle')}
          body={t('longWaitBody', { merchant })}
        />
      )}
      {!triesLeft || changing ? (
        <UtrForm
          order={order}
          late={timeIsUp}
          {...entry}
          utrDraft={entry.utrDraft === order.utr ? '' : entry.utrDraft}
          onAccepted={(status, utr) => {
            setChanging(false);
            entry.onAccepted(status, utr);
          }}
          autoFocus={triesLeft}
        />
      ) : (
        <div class="actions">
          <button type="button" class="button" onClick={() => setChanging(true)}>
            {t('changeUtr')}
          </button>
        </div>
      )}
      {collection && triesLeft && !timeIsUp && (
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
      {detailsShown && !timeIsUp && collection?.kind === 'upi' && (
        <UpiPayment order={order} upi={collection} />
      )}
      {detailsShown && !timeIsUp && collection?.kind === 'imps' && (
        <ImpsPayment order={order} imps={collection} />
      )}
    </section>
  );
}
