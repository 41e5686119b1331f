import { useState } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useAppDeps } from '../app-deps.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr } from '../lib/format-inr.js';
import { formatTime } from '../lib/format-time.js';
import type { SaveResult } from '../lib/saved-image.js';
import { SaveFeedback } from './save-feedback.js';

/**
 * A receipt the payer can keep: the amount, the shop, the order reference, the UTR, the date and
 * time, as an image to save or share, and printed (the success screen's print view shows only
 * these). Web views rarely print, so there only the image is offered. Using either stops the
 * countdown back to the shop.
 */
export function ReceiptActions({ order, onUse }: { readonly order: PayerOrder; readonly onUse: () => void }) {
  const { t, locale } = useI18n();
  const { saveImage, print, webView } = useAppDeps();
  const [result, setResult] = useState<SaveResult>();
  const rows: [string, string][] = [
    [t('amount'), formatInr(order.amount)],
    [t('shop'), order.merchant.name],
    [t('orderRef'), order.merchant_order_id],
    ...(order.utr ? [[t('utr'), order.utr] as [string, string]] : []),
    [t('dateTime'), formatTime(order.status_changed_at, locale)],
  ];
  const save = async () => {
    onUse();
    setResult(undefined);
    const fileName = `receipt-${order.merchant_order_id.replace(/[^\w.-]/g, '_')}.png`;
    setResult(await saveImage({ kind: 'receipt', title: t('receiptTitle'), rows }, fileName));
  };
  return (
    <div class="receipt-actions no-print">
      <button type="button" class="button" onClick={() => void save()}>
        {t('receiptSave')}
      </button>
      {!webView && (
        <button
          type="button"
          class="button"
          onClick={() => {
            onUse();
            print();
          }}
        >
          {t('receiptPrint')}
        </button>
      )}
      <SaveFeedback
        result={result}
        messages={{ shared: 'receiptShared', saved: 'receiptSaved', failed: 'receiptSaveFailed' }}
        alt={t('receiptTitle')}
      />
    </div>
  );
}
