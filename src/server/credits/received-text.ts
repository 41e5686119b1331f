/**
 * What a forwarder sent, read as far as it can be read. A body that cannot be taken as a text
 * (bytes that are no UTF-8, NUL or other control characters, a broken form, JSON or e-mail, no
 * text at all) is still stored, with outcome `invalid`: its reason, the text with what PostgreSQL
 * cannot hold (NUL, undecodable bytes) and what would drive a terminal replaced by U+FFFD, and the
 * bytes exactly as they came, so nothing a bank sent is lost to a refusal (docs/credit-sources.md).
 */
import { hasForbiddenControl, replaceForbiddenControls } from '../http/clean-text.js';

export interface ReceivedText {
  /** The text as read; line breaks and tabs kept, forbidden control characters replaced. */
  readonly text: string;
  readonly sender: string;
  /** When the phone or mailbox received it, when the forwarder says. */
  readonly receivedAt: Date | undefined;
  /** Why the body cannot be taken as a text, and its bytes as received. */
  readonly invalid?: { readonly reason: string; readonly original: Uint8Array };
}

const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** The body as UTF-8 text, or its best reading (U+FFFD for what does not decode) and why not. */
export function decodeBody(bytes: Uint8Array): { readonly text: string; readonly undecodable: boolean } {
  try {
    return { text: strict.decode(bytes), undecodable: false };
  } catch {
    return { text: lenient.decode(bytes), undecodable: true };
  }
}

/** A text read from `original`: invalid when it or its sender holds forbidden control characters. */
export function receivedText(
  original: Uint8Array,
  read: { readonly text: string; readonly sender: string; readonly receivedAt: Date | undefined },
): ReceivedText {
  const dirty = hasForbiddenControl(read.text)
    ? 'text'
    : hasForbiddenControl(read.sender)
      ? 'sender'
      : undefined;
  if (dirty === undefined) return read;
  return invalidText(original, `${dirty}: holds NUL or other control characters`, read);
}

/** A body kept as `invalid`: what could be read of it, cleaned for storage, and its bytes. */
export function invalidText(
  original: Uint8Array,
  reason: string,
  read: { readonly text: string; readonly sender?: string; readonly receivedAt?: Date | undefined },
): ReceivedText {
  return {
    text: replaceForbiddenControls(read.text),
    sender: replaceForbiddenControls(read.sender ?? ''),
    receivedAt: read.receivedAt,
    invalid: { reason, original },
  };
}
