/**
 * Dates as Indian banks write them in alerts and statements: `12/01/2025`, `12-01-25`,
 * `12-Jan-25`, `12Jan25`, `12 Jan 2025`, `2025-01-12`, with an optional `10:15[:32]` time.
 * Day first, never month first. Times without a zone are Indian Standard Time (+05:30).
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const TIME = String.raw`(?:[ ,T]+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?)?`;
/** 12/01/2025, 12-01-25, 12.01.2025: the same separator twice (so that 1234 is no date). */
const NUMERIC = new RegExp(String.raw`\b(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\b` + TIME, 'g');
/** 12-Jan-25, 12Jan25, 12 January 2025, 12-JAN-2025. */
const NAMED = new RegExp(String.raw`\b(\d{1,2})[- ]?([A-Za-z]{3,9})[- ,]?(\d{4}|\d{2})\b` + TIME, 'g');
const ISO =
  /\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?\b/g;

/** Finds the first date in `text` and answers it as an instant, or undefined. */
export function findIndianDate(text: string): Date | undefined {
  for (const [, y, m, d, hh, mm, ss, zone] of text.matchAll(ISO)) {
    const date = instant(Number(y), Number(m), Number(d), hh, mm, ss, zone);
    if (date) return date;
  }
  // Amounts and balances can look like the start of a date: take the first that is one.
  const candidates = [
    ...[...text.matchAll(NUMERIC)].map((m) => ({ at: m.index, parts: [m[1], m[3], m[4], m[5], m[6], m[7]] })),
    ...[...text.matchAll(NAMED)].map((m) => ({ at: m.index, parts: [m[1], m[2], m[3], m[4], m[5], m[6]] })),
  ].sort((a, b) => a.at - b.at);
  for (const { parts } of candidates) {
    const [day, monthText, yearText, hh, mm, ss] = parts;
    const month = monthNumber(monthText ?? '');
    if (month === undefined) continue;
    const year = Number(yearText);
    const date = instant(year < 100 ? 2000 + year : year, month, Number(day), hh, mm, ss);
    if (date) return date;
  }
  return undefined;
}

/** A whole cell that is a date (statements): the same forms, nothing else around them. */
export function parseIndianDate(cell: string): Date | undefined {
  const trimmed = cell.trim();
  if (trimmed === '') return undefined;
  return findIndianDate(trimmed);
}

function monthNumber(text: string): number | undefined {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const index = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  if (index < 0 || (text.length > 3 && !/^[a-z]+$/i.test(text))) return undefined;
  return index + 1;
}

function instant(
  year: number,
  month: number,
  day: number,
  hh?: string,
  mm?: string,
  ss?: string,
  zone?: string,
): Date | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 2000 || year > 2100) return undefined;
  const pad = (n: number | string) => String(n).padStart(2, '0');
  const time = `${pad(hh ?? 0)}:${pad(mm ?? 0)}:${pad(ss ?? 0)}`;
  const offset =
    zone === undefined ? '+05:30' : zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${year}-${pad(month)}-${pad(day)}T${time}${offset}`);
  if (Number.isNaN(date.getTime())) return undefined;
  // 31/02 would roll over into March: refuse it rather than guess.
  const local = new Date(date.getTime() + (zone === undefined ? 330 * 60_000 : 0));
  if (zone === undefined && local.getUTCDate() !== day) return undefined;
  return date;
}
