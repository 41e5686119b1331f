/**
 * A bank's e-mail alert, posted raw (RFC 822) by a mail-forwarding rule or an inbound-mail
 * service, read with postal-mime: the plain-text part (or the HTML part's text), the sender's
 * address and the Date header. Nothing here refuses: a message the parser cannot read (nested
 * past its 256 levels, random bytes) or that holds no text comes back `invalid` with the reason
 * (received-text.ts), to be stored as received.
 */
import PostalMime from 'postal-mime';
import { invalidText, type ReceivedText, receivedText } from './received-text.js';

export async function readAlertEmail(bytes: Uint8Array): Promise<ReceivedText> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(bytes);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    return invalidText(bytes, `body: not a readable e-mail message (${why.slice(0, 200)})`, {
      text: new TextDecoder().decode(bytes.subarray(0, 4000)),
    });
  }
  const text = (email.text?.trim() || htmlText(email.html ?? '') || email.subject || '').trim();
  const date = email.date ? new Date(email.date) : undefined;
  const read = {
    text,
    sender: email.from?.address ?? '',
    receivedAt: date && !Number.isNaN(date.getTime()) ? date : undefined,
  };
  if (text === '') return invalidText(bytes, 'body: an e-mail message without a text part', read);
  return receivedText(bytes, read);
}

/** The HTML part's text, its lines kept (the parser reads an alert's lines as its fields). */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&#8377;|&#x20b9;/gi, '₹')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
}
