import { parseSupportContact } from '../../shared/support-contact.js';
import { useI18n } from '../i18n/i18n-context.js';

/** The shop's support contact, when the merchant configured one, as a mail, phone or web link. */
export function SupportContactLine({ contact }: { readonly contact: string | null }) {
  const { t } = useI18n();
  const parsed = contact === null ? undefined : parseSupportContact(contact);
  if (!parsed) return null;
  return (
    <div class="field">
      <dt>{t('support')}</dt>
      <dd class="field-value">
        <a href={parsed.href} target={parsed.kind === 'url' ? '_blank' : undefined} rel="noopener noreferrer">
          {parsed.text}
        </a>
      </dd>
    </div>
  );
}
