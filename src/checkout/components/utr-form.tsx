import { useRef, useState } from 'preact/hooks';
import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import { checkUtr } from '../lib/check-utr.js';
import { matchError } from '../lib/match-error.js';
import { type Feedback, utrFeedback } from '../lib/utr-feedback.js';
import { UtrHelp } from './utr-help.js';

export interface UtrFormProps {
  readonly order: PayerOrder;
  /** "Already paid?" wording, for expired and failed orders. */
  readonly late: boolean;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  /** The order turned out to be closed already: reload it. */
  readonly onStale: () => void;
}

/** The 12-digit UTR field with live, specific help, posting to `india_match`. */
export function UtrForm({ order, late, value, onChange, onAccepted, onStale }: UtrFormProps) {
  const { t } = useI18n();
  const { api } = useAppDeps();
  const input = useRef<HTMLInputElement>(null);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<Feedback>();

  const check = checkUtr(value);
  const feedback = utrFeedback(check, attempted);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setAttempted(true);
    setSubmitError(undefined);
    if (check.kind !== 'valid') {
      input.current?.focus();
      return;
    }
    setSending(true);
    const outcome = await api.submitUtr(order.payment_uid, check.utr);
    setSending(false);
    if (outcome.kind === 'ok') {
      onAccepted(outcome.data.payment_status, check.utr);
      return;
    }
    if (outcome.kind === 'not-modified') return;
    if (outcome.kind === 'refused' && outcome.code === 'order_final') onStale();
    setSubmitError(matchError(outcome));
  };

  const attemptsLeft = order.utr_attempts_left;
  return (
    <section class="utr" aria-labelledby="utr-title">
      <h2 id="utr-title">{late ? t('utrLateTitle') : t('utrTitle')}</h2>
      <form noValidate onSubmit={onSubmit}>
        <label for="utr-input">{t('utrLabel')}</label>
        <input
          ref={input}
          id="utr-input"
          name="utr"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          enterKeyHint="done"
          value={value}
          aria-invalid={feedback.tone === 'error'}
          aria-describedby="utr-feedback"
          onInput={(event) => {
            onChange(event.currentTarget.value);
            setSubmitError(undefined);
          }}
        />
        <p
          id="utr-feedback"
          class={`feedback ${feedback.tone}`}
          aria-live={feedback.tone === 'info' ? 'off' : 'polite'}
        >
          {t(feedback.key, feedback.values)}
        </p>
        {submitError && (
          <p class="feedback error" role="alert">
            {t(submitError.key, submitError.values)}
          </p>
        )}
        {attemptsLeft > 0 && attemptsLeft < 5 && (
          <p class="hint">{t('utrAttemptsLeft', { count: attemptsLeft })}</p>
        )}
        <button type="submit" class="button primary" disabled={sending} aria-disabled={sending}>
          {sending ? t('utrSending') : t('utrSubmit')}
        </button>
      </form>
      <UtrHelp imps={order.payterm === 'IMPS'} />
    </section>
  );
}
