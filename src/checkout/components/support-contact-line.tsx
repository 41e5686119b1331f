import { parseSupportContact } from '../../shared/support-contact.js';
import { useI18n } from '../i18n/i18n-context.js';

/** The shop's support contact as a mail, phone or web link; nothing when none is configured. */
export function ContactLink({ contact }: { readonly contact: string | null }) {
  const parsed = contact === null ? undefined : parseSupportContact(contact);
  if (!parsed) return null;
  return (
    <a
      class="contact-link"
      href={parsed.href}
      target={parsed.kind === 'url' ? '_blank' : undefined}
      rel="noopener noreferrer"
    >
      {parsed.text}
    </a>
  );
}

/** The shop's support contact as a field of a `<dl>`, when the merchant configured one. */
export function SupportContactLine({ contact }: { readonly contact: string | null }) {
  const { t } = useI18n();
  if (contact === null || !parseSupportContact(contact)) return null;
  return (
    <div class="field">
      <dt>{t('support')}</dt>
      <dd class="field-value">
        <ContactLink contact={contact} />
      </dd>
    </div>
  );
}
