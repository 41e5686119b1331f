import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useQrMatrix } from '../hooks/use-qr-matrix.js';
import { useI18n } from '../i18n/i18n-context.js';
import type { MessageKey } from '../i18n/messages.js';
import { formatInr, plainAmount } from '../lib/format-inr.js';
import type { SaveQrResult } from '../lib/save-qr-image.js';
import { AppButtons, AppHelp } from './app-buttons.js';
import { CopyField } from './copy-field.js';
import { QrCode } from './qr-code.js';

type Upi = { readonly kind: 'upi'; readonly vpa: string; readonly payee_name: string };

const SAVE_MESSAGES: { readonly [R in Exclude<SaveQrResult, 'cancelled'>]: MessageKey } = {
  shared: 'qrShared',
  saved: 'qrSaved',
  failed: 'qrSaveFailed',
};

export interface UpiPaymentProps {
  readonly order: PayerOrder;
  readonly upi: Upi;
  /** An app button was tapped (see use-app-launch). */
  readonly onLaunch?: () => void;
  /** The app did not open: show the other ways. */
  readonly appHelp?: boolean;
}

/** UPI: app buttons first on phones, the QR on desktops or on request, and copyable details. */
export function UpiPayment({ order, upi, onLaunch, appHelp }: UpiPaymentProps) {
  const { t } = useI18n();
  const { platform, saveQrImage } = useAppDeps();
  const onPhone = platform !== 'desktop';
  const [qrShown, setQrShown] = useState(!onPhone);
  const [saved, setSaved] = useState<SaveQrResult>();
  const extra = order.extra;
  // Loaded after the first paint (its own chunk), also on phones so "save" works at once.
  const matrix = useQrMatrix(extra);
  const amount = formatInr(order.amount);
  const payee = order.to_name || upi.payee_name;
  const save = async () => {
    if (!matrix) return;
    setSaved(undefined);
    setSaved(await saveQrImage(matrix, `upi-${order.merchant_order_id.replace(/[^\w.-]/g, '_')}.png`));
  };

  return (
    <section class="pay-method" aria-labelledby="pay-upi-title">
      <h2 id="pay-upi-title">{t('payUpi')}</h2>
      {onPhone && extra !== null && (
        <AppButtons extra={extra} platform={platform} onLaunch={onLaunch ?? (() => {})} />
      )}
      {appHelp && <AppHelp />}
      {extra !== null && onPhone && (
        <button type="button" class="button" aria-expanded={qrShown} onClick={() => setQrShown(!qrShown)}>
          {qrShown ? t('hideQr') : t('showQr')}
        </button>
      )}
      {extra !== null && qrShown && (
        <div class="qr-box">
          {matrix ? (
            <QrCode matrix={matrix} label={t('qrAlt', { amount, name: payee })} />
          ) : (
            <div class="qr qr-placeholder" aria-hidden="true" />
          )}
          {!onPhone && <p class="hint">{t('scanHint')}</p>}
        </div>
      )}
      {extra !== null && (
        <>
          <button type="button" class="button" onClick={() => void save()} disabled={!matrix}>
            {t('saveQr')}
          </button>
          <p class={saved === 'failed' ? 'feedback error' : 'feedback ok'} role="status">
            {saved && saved !== 'cancelled' ? t(SAVE_MESSAGES[saved]) : ''}
          </p>
          {onPhone && !saved && <p class="hint">{t('saveQrHint')}</p>}
        </>
      )}
      <dl class="fields">
        <CopyField label={t('upiId')} value={upi.vpa} />
        <div class="field">
          <dt>{t('payee')}</dt>
          <dd>
            <span class="field-value">{payee}</span>
            {payee !== order.merchant.name && (
              <span class="hint">{t('payeeDiffers', { name: payee, merchant: order.merchant.name })}</span>
            )}
          </dd>
        </div>
        <CopyField label={t('amount')} value={amount} copy={plainAmount(order.amount)} />
      </dl>
      <p class="hint">{t('exactAmount', { amount })}</p>
    </section>
  );
}
