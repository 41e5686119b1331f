import { parseSupportContact } from '../../shared/support-contact.js';
import { useI18n } from '../i18n/i18n-context.js';
import { ContactLink } from './support-contact-line.js';

/** The shop's contact under every screen of an order (when configured), so help is never far. */
export function SupportFooter({
  merchant,
  contact,
}: {
  readonly merchant: string;
  readonly contact: string | null;
}) {
  const { t } = useI18n();
  if (contact === null || !parseSupportContact(contact)) return null;
  return (
    <footer class="page-help">
      {t('supportFooter', { merchant })} <ContactLink contact={contact} />
    </footer>
  );
}
