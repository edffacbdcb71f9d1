import { formatHour12, MINUTES_PER_DAY, toMinutes } from './time12';

/**
 * A store's business hours: one 'open-close' string per weekday, e.g. '10:00 am-6:00 pm', or
 * 'closed-closed' (docs/product/records.md). Keys run mon..sun; 0 is Sunday where days are numbered.
 */
export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
export type WeekHours = Record<DayKey, string>;

export const CLOSED = 'closed-closed';

export interface DayHours {
  /** minutes since midnight */
  open: number;
  /** minutes since midnight; 1440 when the store closes at midnight */
  close: number;
}

export type HoursResult = { ok: true; value: DayHours | null } | { ok: false; error: string };

/**
 * Parses one day's 'open-close'. Either side 'closed' means closed (null). A close of '12:00 am' means
 * midnight at the end of the day. Open must come before close.
 */
export function parseDayHours(value: string | null | undefined): HoursResult {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return { ok: false, error: "must be 'open-close' like '10:00 am-6:00 pm' or 'closed-closed'" };
  const [openText, closeText, ...rest] = v.split('-').map((s) => s.trim());
  if (rest.length || closeText === undefined) {
    if (v === 'closed') return { ok: true, value: null };
    return { ok: false, error: "must be 'open-close' like '10:00 am-6:00 pm' or 'closed-closed'" };
  }
  if (openText === 'closed' || closeText === 'closed') return { ok: true, value: null };
  const open = toMinutes(openText);
  let close = toMinutes(closeText);
  if (open === null) return { ok: false, error: `has an opening time that is not a time: '${openText}'` };
  if (close === null) return { ok: false, error: `has a closing time that is not a time: '${closeText}'` };
  if (close === 0) close = MINUTES_PER_DAY;
  if (close <= open) return { ok: false, error: 'must open before it closes' };
  return { ok: true, value: { open, close } };
}

/** The canonical string of one day: '10:00 am-6:00 pm' or 'closed-closed'. */
export function formatDayHours(h: DayHours | null): string {
  if (!h) return CLOSED;
  return `${formatHour12(h.open)}-${formatHour12(h.close)}`;
}

export type WeekResult = { ok: true; value: WeekHours } | { ok: false; day: DayKey; error: string };

/**
 * Validates and normalises a week's days: a day given empty or null is closed; a day left out is closed too
 * (`missing: 'closed'`, a new store) or left out of the answer (`'leftOut'`, an edit).
 */
function normalizeDays(input: Partial<Record<string, string | null | undefined>>, missing: 'closed' | 'leftOut') {
  const out: Partial<WeekHours> = {};
  for (const day of DAY_KEYS) {
    const raw = input[day];
    if (raw === undefined && missing === 'leftOut') continue;
    if (raw === undefined || raw === null || raw === '') {
      out[day] = CLOSED;
      continue;
    }
    const r = parseDayHours(raw);
    if (!r.ok) return { ok: false as const, day, error: r.error };
    out[day] = formatDayHours(r.value);
  }
  return { ok: true as const, value: out };
}

/** Validates and normalises a whole week; a missing day is closed. */
export function normalizeWeekHours(input: Partial<Record<string, string | null | undefined>>): WeekResult {
  return normalizeDays(input, 'closed') as WeekResult;
}

/** Validates and normalises only the days given, as an edit sends them: a day left out keeps what it had. */
export function normalizeGivenDays(input: Partial<Record<string, string | null | undefined>>): { ok: true; value: Partial<WeekHours> } | { ok: false; day: DayKey; error: string } {
  return normalizeDays(input, 'leftOut');
}

/** Every day closed: the create wizard's default. */
export function closedWeek(): WeekHours {
  return Object.fromEntries(DAY_KEYS.map((d) => [d, CLOSED])) as WeekHours;
}

/** Each weekday in words, as messages name it ('closed on Mondays'). */
export const WEEKDAY_NAMES: Record<DayKey, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** The weekday key of a 'YYYY-MM-DD' date (a calendar date: no zone involved). */
export function weekdayKeyOf(date: string): DayKey {
  const [y, m, d] = date.split('-').map(Number);
  return DAY_KEYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/** The store's hours on a date, or null when it is closed that weekday. */
export function hoursOnDate(hours: Partial<Record<DayKey, string>> | null | undefined, date: string): DayHours | null {
  const r = parseDayHours(hours?.[weekdayKeyOf(date)] ?? CLOSED);
  return r.ok ? r.value : null;
}

/**
 * Why a staff booking's time is outside the store's hours that date (ruling 5: staff bookings stay inside
 * them), in words for the screen, or null when it fits: 'closed on Wednesdays', or 'open 10:00 am-6:00 pm
 * on Mondays'.
 */
export function outsideHoursReason(hours: Partial<Record<DayKey, string>> | null | undefined, date: string, span: { startMin: number; endMin: number }): string | null {
  const day = weekdayKeyOf(date);
  const open = hoursOnDate(hours, date);
  if (!open) return `closed on ${WEEKDAY_NAMES[day]}s`;
  if (span.startMin >= open.open && span.endMin <= open.close) return null;
  return `open ${formatDayHours(open)} on ${WEEKDAY_NAMES[day]}s`;
}
