import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import { formatInr, plainAmount } from '../lib/format-inr.js';
import { groupDigits } from '../lib/group-digits.js';
import { CopyField } from './copy-field.js';

type Imps = {
  readonly kind: 'imps';
  readonly account: string;
  readonly account_name: string;
  readonly ifsc: string;
  readonly bank_name: string;
};

/** IMPS: the bank details in full (the account number grouped for reading), each with a copy button. */
export function ImpsPayment({ order, imps }: { readonly order: PayerOrder; readonly imps: Imps }) {
  const { t } = useI18n();
  const amount = formatInr(order.amount);
  return (
    <section class="pay-method" aria-labelledby="pay-imps-title">
      <h2 id="pay-imps-title">{t('payImps')}</h2>
      <p>{t('impsIntro')}</p>
      <dl class="fields">
        <CopyField label={t('accountNumber')} value={groupDigits(imps.account)} copy={imps.account} />
        <CopyField label={t('accountName')} value={imps.account_name} />
        <CopyField label={t('ifsc')} value={imps.ifsc} />
        <div class="field">
          <dt>{t('bank')}</dt>
          <dd>
            <span class="field-value">{imps.bank_name}</span>
          </dd>
        </div>
        <CopyField label={t('amount')} value={amount} copy={plainAmount(order.amount)} />
      </dl>
      <p class="hint">{t('exactAmount', { amount })}</p>
    </section>
  );
}
