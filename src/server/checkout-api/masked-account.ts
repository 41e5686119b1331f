/**
 * A payout's destination account (9-18 digits) as its payee's page shows it: enough to recognise
 * the account, not to reuse it. The last 4 digits stay (`XXXXXXXX6789`); a number too short to
 * hide anything by that shows none.
 */
export function maskedAccount(account: string): string {
  const value = account.trim();
  const shown = value.length > 6 ? value.slice(-4) : '';
  return `${'X'.repeat(Math.max(4, value.length - shown.length))}${shown}`;
}
