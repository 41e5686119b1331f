import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { PaymentStatus } from '../../shared/order-status.js';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { checkUtr } from '../lib/check-utr.js';
import { matchError } from '../lib/match-error.js';
import { type Feedback, utrFeedback } from '../lib/utr-feedback.js';
import { type UtrPlausibility, utrPlausibility } from '../lib/utr-plausibility.js';
import { OfflineContext } from '../state/offline-context.js';
import { ContactShop } from './contact-shop.js';
import { UtrHelp } from './utr-help.js';

/** The per-order limit of distinct UTRs (docs/decisions/0002-open-points.md, UTR claims); the server says how many are left. */
export const MAX_UTRS = 5;

/** A UTR that could not be sent for want of a connection is tried again this often, and at once when back. */
export const QUEUED_RETRY_MS = 5_000;

const WARNINGS: { readonly [W in Exclude<UtrPlausibility, 'plausible'>]: MessageKey } = {
  future: 'utrWarnFuture',
  old: 'utrWarnOld',
  phone: 'utrWarnPhone',
};

/**
 * The UTR the payer is typing (kept across screens and reloads) and what follows sending it: each
 * screen that takes a UTR is given these and passes them on to its form.
 */
export interface UtrEntry {
  readonly utrDraft: string;
  readonly onUtrChange: (text: string) => void;
  readonly onAccepted: (status: PaymentStatus, utr: string) => void;
  /** The order turned out to be closed already: reload it. */
  readonly onStale: () => void;
}

export interface UtrFormProps extends UtrEntry {
  readonly order: PayerOrder;
  /** "Already paid?" wording, for expired and failed orders. */
  readonly late: boolean;
  /** Focus the field when shown (the payer asked to change the UTR). */
  readonly autoFocus?: boolean;
  /** The heading's text, when the screen wants another one ("Paid? Enter the UTR"). */
  readonly title?: string;
}

/**
 * The 12-digit UTR field with live, specific help, posting to `india_match`. A UTR that looks
 * implausible is sent only after the payer confirms it; the tries left are said, and once none
 * are left the field gives way to the shop's contact. A UTR sent without a connection is kept
 * and sent by itself when the connection is back. "Looks right" never shows beside a problem.
 */
export function UtrForm({
  order,
  late,
  utrDraft,
  onUtrChange,
  onAccepted,
  onStale,
  autoFocus,
  title,
}: UtrFormProps) {
  const { t } = useI18n();
  const { api } = useAppDeps();
  const offline = useContext(OfflineContext);
  const input = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<Feedback>();
  const [confirmed, setConfirmed] = useState<string>();
  const [warning, setWarning] = useState<{ utr: string; kind: keyof typeof WARNINGS }>();
  const [queued, setQueued] = useState<string>();
  const [limitHit, setLimitHit] = useState(false);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const send = async (utr: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setWarning(undefined);
    setSending(true);
    const outcome = await api.submitUtr(order.payment_uid, utr);
    inFlight.current = false;
    setSending(false);
    if (outcome.kind === 'offline') {
      setSubmitError(undefined);
      setQueued(utr);
      return;
    }
    setQueued(undefined);
    if (outcome.kind === 'ok') {
      onAccepted(outcome.data.payment_status, utr);
      return;
    }
    if (outcome.kind === 'not-modified') return;
    const code = outcome.kind === 'refused' ? (outcome.code as ErrorCode) : undefined;
    if (code === 'too_many_utrs') {
      setLimitHit(true);
      onStale();
      return;
    }
    if (code === 'order_final') onStale();
    setSubmitError(matchError(outcome, order));
    input.current?.focus();
  };

  // A kept UTR goes as soon as the connection is back, and is tried again now and then meanwhile.
  useEffect(() => {
    if (queued === undefined) return;
    if (!offline) void send(queued);
    const id = setInterval(() => void send(queued), QUEUED_RETRY_MS);
    return () => clearInterval(id);
  }, [queued, offline]);

  if (order.utr_attempts_left <= 0 || limitHit) {
    return (
      <ContactShop
        order={order}
        utr={order.utr}
        title={t('utrLimitTitle')}
        body={t('utrLimitBody', { max: MAX_UTRS, merchant: order.merchant.name })}
      />
    );
  }

  const check = checkUtr(utrDraft);
  const knownUtr = check.kind === 'valid' && check.utr === order.utr;
  const attemptsLeft = order.utr_attempts_left;

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
  const live = utrFeedback(check, attempted, order.payterm === 'IMPS');
  // Green "Looks right" beside a red or amber message would contradict it.
  const problem = submitError !== undefined || shownWarning !== undefined || queued !== undefined;
  const feedback = problem && live.tone === 'ok' ? undefined : live;
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
          value={utrDraft}
          aria-invalid={live.tone === 'error'}
          aria-describedby="utr-feedback"
          onInput={(event) => {
            onUtrChange(event.currentTarget.value);
            setSubmitError(undefined);
            setQueued(undefined);
          }}
        />
        <p
          id="utr-feedback"
          class={`feedback ${feedback?.tone ?? 'info'}`}
          aria-live={feedback?.tone === 'info' ? 'off' : 'polite'}
        >
          {feedback ? t(feedback.key, feedback.values) : ''}
        </p>
        {submitError && (
          <p class="feedback error" role="alert">
            {t(submitError.key, submitError.values)}
          </p>
        )}
        {queued !== undefined && (
          <p class="note" role="status">
            {t('utrQueued', { utr: queued })}
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
        {attemptsLeft < MAX_UTRS && <p class="hint">{t('utrAttemptsLeft', { count: attemptsLeft })}</p>}
        <button type="submit" class="button primary" disabled={sending} aria-disabled={sending}>
          {sending ? t('utrSending') : t('utrSubmit')}
        </button>
      </form>
      <UtrHelp imps={order.payterm === 'IMPS'} />
    </section>
  );
}
