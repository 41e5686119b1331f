/**
 * A date and time in the payer's language on a 24-hour clock: every Indian locale's 12-hour form
 * ends in a Latin "AM"/"PM". Unreadable text is shown as given.
 */
export function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(`${locale}-IN`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(date);
}
