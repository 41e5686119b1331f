const COUNT = new Intl.NumberFormat('en-IN');

/**
 * A decimal rupee string from the API ("123456.50") in Indian grouping: "₹1,23,456.50". The string
 * is split, not parsed as a float, so large amounts keep every paisa.
 */
export function formatInr(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', rupees = '0', paise = ''] = match;
  const grouped = groupIndian(rupees.replace(/^0+(?=\d)/, ''));
  return `${sign}₹${grouped}.${paise.padEnd(2, '0')}`;
}

/** Indian digit grouping of an integer string: last three digits, then pairs. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** Sum of decimal rupee strings, in paise, without floating point. */
export function sumAmounts(amounts: readonly string[]): string {
  let paise = 0n;
  for (const amount of amounts) {
    const [rupees = '0', fraction = ''] = amount.split('.');
    paise += BigInt(rupees) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
  }
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
