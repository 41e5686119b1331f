/**
 * A bank's e-mail alert, posted raw (RFC 822) by a mail-forwarding rule or an inbound-mail
 * service, read with postal-mime: the plain-text part (or the HTML part's text), the sender's
 * address and the Date header.
 */
import PostalMime from 'postal-mime';

export interface AlertEmail {
  readonly text: string;
  readonly sender: string;
  readonly receivedAt: Date | undefined;
}

export async function readAlertEmail(raw: string): Promise<AlertEmail | undefined> {
  const email = await PostalMime.parse(raw);
  const text = (email.text?.trim() || htmlText(email.html ?? '') || email.subject || '').trim();
  if (text === '') return undefined;
  const date = email.date ? new Date(email.date) : undefined;
  return {
    text,
    sender: email.from?.address ?? '',
    receivedAt: date && !Number.isNaN(date.getTime()) ? date : undefined,
  };
}

function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&#8377;|&#x20b9;/gi, '₹')
    .replace(/\s+/g, ' ')
    .trim();
}
