/**
 * Amounts are decimal strings with at most two fraction digits ("19.99"); read them into integer
 * paise, never into binary floats (parseFloat("19.99") * 100 is 1998.9999999999998).
 */
const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "19.99" -> 1999; throws on anything that is not such an amount. */
export function toPaise(amount: string): number {
  const match = AMOUNT.exec(amount);
  if (!match) throw new RangeError(`not an amount: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1999 -> "19.99". */
export function fromPaise(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount of paise: ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
