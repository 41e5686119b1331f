import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useQrMatrix } from '../hooks/use-qr-matrix.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr, plainAmount } from '../lib/format-inr.js';
import { AppButtons } from './app-buttons.js';
import { CopyField } from './copy-field.js';
import { QrCode } from './qr-code.js';

type Upi = { readonly kind: 'upi'; readonly vpa: string; readonly payee_name: string };

/** UPI: app buttons first on phones, the QR on desktops or on request, and copyable details. */
export function UpiPayment({ order, upi }: { readonly order: PayerOrder; readonly upi: Upi }) {
  const { t } = useI18n();
  const { platform, saveQrImage } = useAppDeps();
  const onPhone = platform !== 'desktop';
  const [qrShown, setQrShown] = useState(!onPhone);
  const extra = order.extra;
  // Loaded after the first paint (its own chunk), also on phones so "save" works at once.
  const matrix = useQrMatrix(extra);
  const amount = formatInr(order.amount);
  const save = () => {
    if (matrix) saveQrImage(matrix, `upi-${order.merchant_order_id.replace(/[^\w.-]/g, '_')}.png`);
  };

  return (
    <section class="pay-method" aria-labelledby="pay-upi-title">
      <h2 id="pay-upi-title">{t('payUpi')}</h2>
      {onPhone && extra !== null && <AppButtons extra={extra} platform={platform} />}
      {extra !== null && onPhone && (
        <button type="button" class="button" aria-expanded={qrShown} onClick={() => setQrShown(!qrShown)}>
          {qrShown ? t('hideQr') : t('showQr')}
        </button>
      )}
      {extra !== null && qrShown && (
        <div class="qr-box">
          {matrix ? (
            <QrCode matrix={matrix} label={t('qrAlt', { amount, name: upi.payee_name })} />
          ) : (
            <div class="qr qr-placeholder" aria-hidden="true" />
          )}
          {!onPhone && <p class="hint">{t('scanHint')}</p>}
        </div>
      )}
      {extra !== null && (
        <>
          <button type="button" class="button" onClick={save} disabled={!matrix}>
            {t('saveQr')}
          </button>
          {onPhone && <p class="hint">{t('saveQrHint')}</p>}
        </>
      )}
      <dl class="fields">
        <CopyField label={t('upiId')} value={upi.vpa} />
        <div class="field">
          <dt>{t('payee')}</dt>
          <dd>
            <span class="field-value">{upi.payee_name}</span>
          </dd>
        </div>
        <CopyField label={t('amount')} value={amount} copy={plainAmount(order.amount)} />
      </dl>
      <p class="hint">{t('exactAmount', { amount })}</p>
    </section>
  );
}
