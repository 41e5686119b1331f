const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as India Standard Time: "11 Mar 2026, 01:30:05 IST". */
export function formatIst(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${DATE_TIME.format(date)} IST`;
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/** A `YYYY-MM-DD` date picked in the console (an IST calendar day) as the ISO instant of its midnight. */
export function istDayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc)) return undefined;
  return new Date(utc - IST_OFFSET_MS).toISOString();
}

/** The IST midnight after the given day: the exclusive end of a day filter. */
export function istDayEnd(day: string): string | undefined {
  const start = istDayStart(day);
  return start ? new Date(Date.parse(start) + 86_400_000).toISOString() : undefined;
}

/** The IST calendar day (`YYYY-MM-DD`) of an instant. */
export function istDay(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** An ISO instant written in IST with its offset, `2026-03-11T01:30:05+05:30`: what the fix form shows and sends. */
export function istIso(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return `${new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
