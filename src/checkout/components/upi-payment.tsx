import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useQrMatrix } from '../hooks/use-qr-matrix.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr, plainAmount } from '../lib/format-inr.js';
import type { SaveResult } from '../lib/saved-image.js';
import { AppButtons, AppHelp } from './app-buttons.js';
import { CopyField } from './copy-field.js';
import { QrCode } from './qr-code.js';
import { SaveFeedback } from './save-feedback.js';
import { OpenInBrowser, WebViewNote } from './web-view-help.js';

type Upi = { readonly kind: 'upi'; readonly vpa: string; readonly payee_name: string };

export interface UpiPaymentProps {
  readonly order: PayerOrder;
  readonly upi: Upi;
  /** An app button was tapped (see use-app-launch). */
  readonly onLaunch?: () => void;
  /** The app did not open: show the other ways. */
  readonly appHelp?: boolean;
}

/**
 * UPI: app buttons first on phones, the QR on desktops or on request, and copyable details. Inside
 * another app's web view, where UPI apps often do not open, what works leads: copy the UPI ID and
 * the amount, the QR large (to scan from a second phone), how to open the page in the browser;
 * the app buttons come last.
 */
export function UpiPayment({ order, upi, onLaunch, appHelp }: UpiPaymentProps) {
  const { t } = useI18n();
  const { platform, saveImage, webView } = useAppDeps();
  const onPhone = platform !== 'desktop';
  const [qrShown, setQrShown] = useState(!onPhone || webView);
  const [saved, setSaved] = useState<SaveResult>();
  const extra = order.extra;
  // Loaded after the first paint (its own chunk), also on phones so "save" works at once.
  const matrix = useQrMatrix(extra);
  const amount = formatInr(order.amount);
  const payee = order.to_name || upi.payee_name;
  const save = async () => {
    if (!matrix) return;
    setSaved(undefined);
    const fileName = `upi-${order.merchant_order_id.replace(/[^\w.-]/g, '_')}.png`;
    setSaved(await saveImage({ kind: 'qr', matrix, caption: [order.merchant.name, amount] }, fileName));
  };
  const apps = onPhone && extra !== null && (
    <AppButtons extra={extra} platform={platform} onLaunch={onLaunch ?? (() => {})} />
  );
  const details = (
    <dl class="fields">
      <CopyField label={t('upiId')} value={upi.vpa} />
      <CopyField label={t('amount')} value={amount} copy={plainAmount(order.amount)} />
      <div class="field">
        <dt>{t('payee')}</dt>
        <dd>
          <span class="field-value">{payee}</span>
          {payee !== order.merchant.name && (
            <span class="hint">{t('payeeDiffers', { name: payee, merchant: order.merchant.name })}</span>
          )}
        </dd>
      </div>
    </dl>
  );

  return (
    <section class="pay-method" aria-labelledby="pay-upi-title">
      <h2 id="pay-upi-title">{t('payUpi')}</h2>
      {webView && <WebViewNote />}
      {webView && details}
      {!webView && apps}
      {appHelp && <AppHelp />}
      {extra !== null && onPhone && !webView && (
        <button type="button" class="button" aria-expanded={qrShown} onClick={() => setQrShown(!qrShown)}>
          {qrShown ? t('hideQr') : t('showQr')}
        </button>
      )}
      {extra !== null && qrShown && (
        <div class={webView ? 'qr-box large' : 'qr-box'}>
          {matrix ? (
            <QrCode matrix={matrix} label={t('qrAlt', { amount, name: payee })} />
          ) : (
            <div class="qr qr-placeholder" aria-hidden="true" />
          )}
          {(!onPhone || webView) && <p class="hint">{t(webView ? 'scanOtherPhone' : 'scanHint')}</p>}
        </div>
      )}
      {extra !== null && (
        <>
          <button type="button" class="button" onClick={() => void save()} disabled={!matrix}>
            {t('saveQr')}
          </button>
          <SaveFeedback
            result={saved}
            messages={{ shared: 'qrShared', saved: 'qrSaved', failed: 'qrSaveFailed' }}
            alt={t('qrAlt', { amount, name: payee })}
          />
          {onPhone && !saved && <p class="hint">{t('saveQrHint')}</p>}
        </>
      )}
      {webView && <OpenInBrowser />}
      {webView && apps && <p class="hint">{t('webViewApps')}</p>}
      {webView && apps}
      {!webView && details}
      <p class="hint">{t('exactAmount', { amount })}</p>
    </section>
  );
}
