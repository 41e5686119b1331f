import { useEffect, useRef, useState } from 'preact/hooks';
import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { checkUtr } from '../lib/check-utr.js';
import { matchError } from '../lib/match-error.js';
import { type Feedback, utrFeedback } from '../lib/utr-feedback.js';
import { type UtrPlausibility, utrPlausibility } from '../lib/utr-plausibility.js';
import { UtrHelp } from './utr-help.js';

/** The per-order limit of distinct UTRs (docs/decisions/0002-open-points.md, UTR claims); the server says how many are left. */
export const MAX_UTRS = 5;

const WARNINGS: { readonly [W in Exclude<UtrPlausibility, 'plausible'>]: MessageKey } = {
  future: 'utrWarnFuture',
  old: 'utrWarnOld',
  phone: 'utrWarnPhone',
};

export interface UtrFormProps {
  readonly order: PayerOrder;
  /** "Already paid?" wording, for expired and failed orders. */
  readonly late: boolean;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  /** The order turned out to be closed already: reload it. */
  readonly onStale: () => void;
  /** Focus the field when shown (the payer asked to change the UTR). */
  readonly autoFocus?: boolean;
  /** The heading's text, when the screen wants another one ("Paid? Enter the UTR"). */
  readonly title?: string;
}

/**
 * The 12-digit UTR field with live, specific help, posting to `india_match`. A UTR that looks
 * implausible is sent only after the payer confirms it; the tries left and the limit are said.
 */
export function UtrForm({
  order,
  late,
  value,
  onChange,
  onAccepted,
  onStale,
  autoFocus,
  title,
}: UtrFormProps) {
  const { t } = useI18n();
  const { api } = useAppDeps();
  const input = useRef<HTMLInputElement>(null);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<Feedback>();
  const [confirmed, setConfirmed] = useState<string>();
  const [warning, setWarning] = useState<{ utr: string; kind: keyof typeof WARNINGS }>();

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const check = checkUtr(value);
  const feedback = utrFeedback(check, attempted);
  const attemptsLeft = order.utr_attempts_left;
  const knownUtr = check.kind === 'valid' && check.utr === order.utr;
  const blocked = attemptsLeft <= 0 && !knownUtr;

  const send = async (utr: string) => {
    setWarning(undefined);
    setSending(true);
    const outcome = await api.submitUtr(order.payment_uid, utr);
    setSending(false);
    if (outcome.kind === 'ok') {
      onAccepted(outcome.data.payment_status, utr);
      return;
    }
    if (outcome.kind === 'not-modified') return;
    if (outcome.kind === 'refused' && outcome.code === 'order_final') onStale();
    setSubmitError(matchError(outcome));
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    setAttempted(true);
    setSubmitError(undefined);
    if (check.kind !== 'valid') {
      input.current?.focus();
      return;
    }
    const plausibility = utrPlausibility(check.utr, order.created_at, Date.now());
    if (plausibility !== 'plausible' && confirmed !== check.utr && !knownUtr) {
      setWarning({ utr: check.utr, kind: plausibility });
      return;
    }
    void send(check.utr);
  };

  const shownWarning = warning && check.kind === 'valid' && warning.utr === check.utr ? warning : undefined;
  return (
    <section class="utr" aria-labelledby="utr-title">
      <h2 id="utr-title">{title ?? (late ? t('utrLateTitle') : t('utrTitle'))}</h2>
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
        {shownWarning && (
          <div class="warning" role="alert">
            <p>{t(WARNINGS[shownWarning.kind])}</p>
            <p>{t('utrWarnNote')}</p>
            <button
              type="button"
              class="button"
              onClick={() => {
                setConfirmed(shownWarning.utr);
                void send(shownWarning.utr);
              }}
            >
              {t('utrWarnSend')}
            </button>
          </div>
        )}
        {blocked ? (
          <p class="feedback error">{t('utrNoAttempts')}</p>
        ) : (
          attemptsLeft < MAX_UTRS && (
            <p class="hint">
              {t('utrAttemptsLeft', { count: attemptsLeft })} {t('utrAttemptsLimit', { max: MAX_UTRS })}
            </p>
          )
        )}
        <button
          type="submit"
          class="button primary"
          disabled={sending || blocked}
          aria-disabled={sending || blocked}
        >
          {sending ? t('utrSending') : t('utrSubmit')}
        </button>
      </form>
      <UtrHelp imps={order.payterm === 'IMPS'} />
    </section>
  );
}
