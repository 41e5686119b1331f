/**
 * Whether a merchant's answer body acknowledges a callback (docs/merchant-api.md, Callbacks): the
 * text `SUCCESS` in any case with white space around it, or a JSON object whose `status` or
 * `result` is `success` or `ok` in any case (`{"status":"success","message":"OK"}`, as some
 * merchant platforms answer). The HTTP status is judged by the caller (2xx only).
 */
const ACK_WORDS = new Set(['success', 'ok']);

export function isAcknowledgement(body: string): boolean {
  const text = body.trim();
  if (text.toLowerCase() === 'success') return true;
  if (!text.startsWith('{')) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const answer = parsed as Record<string, unknown>;
  return isAckWord(answer.status) || isAckWord(answer.result);
}

function isAckWord(value: unknown): boolean {
  return typeof value === 'string' && ACK_WORDS.has(value.toLowerCase());
}
