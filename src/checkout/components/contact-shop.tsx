import { useContext, useLayoutEffect } from 'preact/hooks';
import type { PayerOrder } from '../../shared/payer-order.js';
import { useI18n } from '../i18n/i18n-context.js';
import { ContactShownContext } from '../state/contact-shown.js';
import { CopyField } from './copy-field.js';
import { SupportContactLine } from './support-contact-line.js';

/**
 * Where the page can do no more: the shop's contact, the order reference to quote and the UTR,
 * each copyable. While it is on screen the page's footer does not repeat the contact.
 */
export function ContactShop({
  order,
  title,
  body,
  utr,
}: {
  readonly order: PayerOrder;
  readonly title: string;
  readonly body: string;
  readonly utr?: string | null | undefined;
}) {
  const { t } = useI18n();
  const shown = useContext(ContactShownContext);
  // Before paint, so the footer never flashes beside the block.
  useLayoutEffect(() => {
    shown(1);
    return () => shown(-1);
  }, [shown]);
  return (
    <section class="contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title">{title}</h2>
      <p>{body}</p>
      <dl class="fields">
        <SupportContactLine contact={order.merchant.support_contact} />
        <CopyField label={t('orderRef')} value={order.merchant_order_id} />
        {utr && <CopyField label={t('utr')} value={utr} />}
      </dl>
    </section>
  );
}
