/**
 * A soft check of a well-formed 12-digit UTR (RRN). Most banks begin it with the last digit of the
 * year and the day of the year (`YDDD`), then the hour. A number whose `YDDD` lies in the future
 * or more than 30 days before the order, or that looks like a mobile number with `91`, is
 * probably a typo or the wrong number: the page asks the payer to confirm it, never refuses it
 * (some banks number differently).
 */
export type UtrPlausibility = 'plausible' | 'future' | 'old' | 'phone';

const DAY_MS = 24 * 60 * 60 * 1000;
/** UTR dates are Indian Standard Time (UTC+5:30). */
const IST_MS = (5 * 60 + 30) * 60 * 1000;
const OLDEST_DAYS = 30;

export function utrPlausibility(utr: string, orderCreatedAt: string, nowMs: number): UtrPlausibility {
  if (/^91[6-9]\d{9}$/.test(utr)) return 'phone';
  const day = utrDay(utr, nowMs);
  if (day === undefined) return 'plausible';
  const today = Math.floor((nowMs + IST_MS) / DAY_MS);
  // One day of slack for clocks and midnight.
  if (day > today + 1) return 'future';
  const created = Date.parse(orderCreatedAt);
  if (Number.isFinite(created) && day < Math.floor((created + IST_MS) / DAY_MS) - OLDEST_DAYS) return 'old';
  return 'plausible';
}

/**
 * The day (days since 1970, IST) a UTR's `YDDD` names, taking the latest year with that last
 * digit that is not after this year; undefined when `DDD` is no day of that year.
 */
export function utrDay(utr: string, nowMs: number): number | undefined {
  const yearDigit = Number(utr[0]);
  const dayOfYear = Number(utr.slice(1, 4));
  if (!/^\d{4}/.test(utr) || dayOfYear < 1) return undefined;
  const thisYear = new Date(nowMs + IST_MS).getUTCFullYear();
  const year = thisYear - ((thisYear - yearDigit + 10) % 10);
  const start = Date.UTC(year, 0, 1);
  const daysInYear = (Date.UTC(year + 1, 0, 1) - start) / DAY_MS;
  if (dayOfYear > daysInYear) return undefined;
  return start / DAY_MS + dayOfYear - 1;
}
