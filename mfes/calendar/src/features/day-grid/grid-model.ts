import type { AppointmentView, EmployeeView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { calendarColumnOf, CANCEL_COLUMN, DAY_KEYS, isDayOffRecord, isRealStaff, isWeeklyDayOff, ONLINE_COLUMN, parseDayHours, UNASSIGNED_COLUMN, type DayKey } from '@turnbook/domain';
import { isWalkIn } from '../appointment-details/walk-in';
import { displayName, fullName } from '@turnbook/domain/text/names';
import { ranBetween, slotCount, slotsTo, SLOT_MINUTES, wallAfter, type TimeAxis } from './time-axis';

export { SLOT_MINUTES, type TimeAxis } from './time-axis';

/**
 * The calendar grid's pure rules (docs/product/calendar.md): which columns, which hours, where each
 * appointment sits and in which colour. No React here, so the rules are tested without a browser.
 */

/** A closed day still shows 10:00 to 18:00. */
export const CLOSED_DAY = { open: 10 * 60, close: 18 * 60 };

export type ColumnKind = 'staff' | 'online' | 'cancel' | 'unassigned';
export interface Column {
  /** the staff id the column books and drops onto */
  id: number;
  kind: ColumnKind;
  title: string;
  color?: string;
  /** the staff member's user, for 'my column' */
  userId?: number | null;
  /** weekdays the staff member does not work ('mon tue') */
  dayOff?: string;
}

export type Dated = { date: string };
export type DayData = {
  appointments: AppointmentView[];
  appointmentsNull: AppointmentView[];
  appointmentsCancel: AppointmentView[];
  appointmentsOnline: AppointmentView[];
};

export const staffName = (e: Pick<EmployeeView, 'nickname' | 'fname' | 'lname'>) => displayName(e.nickname) || fullName(e) || 'Staff';

/** Weekday key of a YYYY-MM-DD date (0 is Sunday in the spec; we key by name). */
// Calendar dates (YYYY-MM-DD) are handled as UTC midnights with the platform's Date and Intl: no time of
// day, so no DST, and no date library on the route's first load.
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
/** 0 is Monday. */
const weekdayIndex = (date: string) => (utc(date).getUTCDay() + 6) % 7;

export function dayKeyOf(date: string): DayKey {
  return DAY_KEYS[weekdayIndex(date)];
}

/** Today's date in the store's zone (Intl only, see libs/domain hours/today). */
export { todayIn as todayInZone } from '@turnbook/domain/hours/today';

const FORMATS = {
  /** 'Monday, November 23, 2026' */
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** 'November 23, 2026' */
  month: { month: 'long', day: 'numeric', year: 'numeric' },
  /** 'Mon 11/23' is built from weekday and numeric month/day */
  weekday: { weekday: 'short' },
  numeric: { month: '2-digit', day: '2-digit', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A YYYY-MM-DD date in US English: 'long', 'month', 'short' ('Mon 11/23') or 'numeric' ('11-23-2026'). */
export function formatDate(date: string, format: keyof typeof FORMATS | 'short'): string {
  const d = utc(date);
  const part = (f: keyof typeof FORMATS) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...FORMATS[f] }).format(d);
  if (format === 'short') return `${part('weekday')} ${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
  if (format === 'numeric') return part('numeric').replaceAll('/', '-');
  return part(format);
}

/** The store's open hours on that date, or null when closed. */
export function openHours(store: Pick<StoreView, 'hours'>, date: string): { open: number; close: number } | null {
  const r = parseDayHours(store.hours[dayKeyOf(date)]);
  return r.ok ? r.value : null;
}

/**
 * The shown range: the open hours, 10:00-18:00 when closed, widened to any appointment given that lies
 * outside them. The day view gives its day's appointments, so an outlier (a 3 am walk-in) widens only its
 * own day; the week view gives none: its days share one time axis, and an outlier there sits at the edge of
 * its own day with its real time on the card.
 */
export function visibleRange(store: Pick<StoreView, 'hours'>, dates: string[], appointments: Pick<AppointmentView, 'startMin' | 'endMin'>[] = []) {
  let open = Infinity;
  let close = -Infinity;
  for (const d of dates) {
    const h = openHours(store, d);
    if (h) {
      open = Math.min(open, h.open);
      close = Math.max(close, h.close);
    }
  }
  if (open === Infinity) ({ open, close } = CLOSED_DAY);
  for (const a of appointments) {
    open = Math.min(open, a.startMin);
    close = Math.max(close, a.endMin);
  }
  const floor = (m: number) => Math.floor(m / SLOT_MINUTES) * SLOT_MINUTES;
  const ceil = (m: number) => Math.ceil(m / SLOT_MINUTES) * SLOT_MINUTES;
  return { open: Math.max(0, floor(open)), close: Math.min(24 * 60, ceil(close)) };
}

/** How much of the past today's view keeps above the line for now when it opens. */
export const NOW_CONTEXT_MINUTES = 60;

/**
 * Where the day view opens (minutes). Today: an hour before now, so the line for now sits near the top
 * with what just happened above it (issue 31 item 4). Another day: at its opening time, so a range widened
 * by an outlier (a 3 am walk-in) does not open on hours of empty rows.
 */
export function openingMinute(range: { open: number; close: number }, open: { open: number; close: number } | null, nowMin: number | null): number {
  const at = nowMin !== null ? Math.floor(nowMin / SLOT_MINUTES) * SLOT_MINUTES - NOW_CONTEXT_MINUTES : open ? open.open : range.open;
  return Math.max(range.open, Math.min(range.close, at));
}

/** The wall-clock minute of the day in a zone (Intl only). */
export function nowMinuteIn(zone: string, now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}

/** 'h:mm' 24-hour label of a slot start; labels every 30 minutes. */
export function slotLabel(minutes: number): string | null {
  if (minutes % 30 !== 0) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** One column per real staff member (never the TBD placeholder) in sort order, then Online, Cancel and Unassigned. */
export function columnsOf(staff: EmployeeView[]): Column[] {
  const real = staff
    .filter(isRealStaff)
    .slice().sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id)
    .map((e): Column => ({ id: e.id, kind: 'staff', title: staffName(e), color: e.color, userId: e.userId, dayOff: e.dayOff }));
  return [
    ...real,
    { id: ONLINE_COLUMN, kind: 'online', title: 'Online' },
    { id: CANCEL_COLUMN, kind: 'cancel', title: 'Cancel' },
    { id: UNASSIGNED_COLUMN, kind: 'unassigned', title: 'Unassigned' },
  ];
}

export interface Viewer {
  /** owner, admin, superadmin, super admin */
  manager: boolean;
  /** the store login: sees every column */
  frontDesk: boolean;
  userId?: number;
}

/** Before today a non-admin sees only their own column (the front desk sees every one). */
export function visibleColumns(columns: Column[], viewer: Viewer, date: string, today: string): Column[] {
  if (date >= today || viewer.manager || viewer.frontDesk) return columns;
  return columns.filter((c) => c.kind === 'staff' && viewer.userId !== undefined && c.userId === viewer.userId);
}

/** The ids of the store's staff columns (real staff only), for columnIdOf. */
export const staffColumnIds = (columns: Column[]): ReadonlySet<number> => new Set(columns.filter((c) => c.kind === 'staff').map((c) => c.id));

/**
 * Which column an appointment sits in (libs/domain calendarColumnOf): cancelled in Cancel, 8888 in Online,
 * its staff member's column when that is one of `staffColumns`, else Unassigned (0, 9999, the TBD
 * placeholder, an archived or unknown id). Without `staffColumns` (staff not loaded yet) any id is a column.
 */
export function columnIdOf(a: Pick<AppointmentView, 'staffId' | 'status'>, staffColumns?: ReadonlySet<number>): number {
  return calendarColumnOf(a, (id) => !staffColumns || staffColumns.has(id));
}

export const allOfDay = (d: DayData | undefined): AppointmentView[] =>
  d ? [...d.appointments, ...d.appointmentsNull, ...d.appointmentsCancel, ...d.appointmentsOnline] : [];

export type Tone = 'cancelled' | 'sale' | 'off' | 'walk-in' | 'request' | 'online' | 'plain';
/**
 * The spec's colours: sale not 0 green, note OFF grey, requests yellow, online APPROVED blue; and ours
 * (issue 31 item 5): a kiosk walk-in waiting for check-in (PENDING with a sign-in sheet, ruling 8) violet,
 * not an online request's yellow; a cancelled one struck through on a hatched grey.
 */
export function toneOf(a: Pick<AppointmentView, 'sale' | 'note' | 'status' | 'staffId' | 'customerId' | 'serviceIds' | 'sheetId'>): Tone {
  if (a.status === 'CANCEL' || a.staffId === CANCEL_COLUMN) return 'cancelled';
  if (a.sale !== null && a.sale !== 0) return 'sale';
  if (a.note.trim().toUpperCase() === 'OFF' || isDayOffRecord(a)) return 'off';
  if (isWalkIn(a)) return 'walk-in';
  if (a.status === 'PENDING' || a.status === 'MODIFYING' || a.status === 'REQUEST CANCEL') return 'request';
  if (a.status === 'APPROVED') return 'online';
  return 'plain';
}

/** What each tone means, in the legend's order and words (the card's own label says it too). */
export const TONE_LABELS: Record<Exclude<Tone, 'plain'>, string> = {
  request: 'Online request',
  'walk-in': 'Walk-in',
  online: 'Online, approved',
  sale: 'Checked out',
  off: 'Off',
  cancelled: 'Cancelled',
};

export const isRequest = (a: Pick<AppointmentView, 'status'>) => a.status === 'PENDING' || a.status === 'MODIFYING' || a.status === 'REQUEST CANCEL';

/** The start a dragged appointment lands on after `steps` rows (kept inside the day); no row is in the gap. */
export function dropStart(a: Pick<AppointmentView, 'startMin' | 'endMin'>, steps: number, axis?: TimeAxis): number {
  // a card moved only to another column keeps its time
  if (steps === 0) return a.startMin;
  const length = a.endMin - a.startMin;
  return Math.max(0, Math.min(24 * 60 - length, wallAfter(axis?.gap, a.startMin, steps * SLOT_MINUTES)));
}

/** Where it then ends: as many minutes on as it ran on its date (its rows), so 1:45 am + 30 is 3:15 am across the gap. */
export function dropEnd(a: Pick<AppointmentView, 'startMin' | 'endMin'>, startMin: number, axis?: TimeAxis): number {
  if (startMin === a.startMin) return a.endMin;
  return wallAfter(axis?.gap, startMin, ranBetween(axis?.gap, a.startMin, a.endMin));
}

/** Whether a time leaves the store's open hours that day (null: closed; undefined: hours not known, nothing refused). */
export function outsideOpen(open: { open: number; close: number } | null | undefined, startMin: number, endMin: number): boolean {
  if (open === undefined) return false;
  return !open || startMin < open.open || endMin > open.close;
}

/** Each column's day income (checked-out sales), for those who see sales. */
export function incomeByColumn(list: AppointmentView[], staffColumns?: ReadonlySet<number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of list) {
    if (a.sale === null || a.status === 'CANCEL') continue;
    const id = columnIdOf(a, staffColumns);
    out.set(id, (out.get(id) ?? 0) + a.sale);
  }
  return out;
}

export interface Placed {
  a: AppointmentView;
  /** 1-based grid rows: first slot row and the row after the last */
  rowStart: number;
  rowEnd: number;
  /** side by side when appointments of one column overlap */
  lane: number;
  lanes: number;
}

/** Rows of an appointment on the axis (clamped inside it; a time in the gap sits where the gap ends). */
export function rowsOf(a: Pick<AppointmentView, 'startMin' | 'endMin'>, axis: TimeAxis) {
  const slots = slotCount(axis);
  const s = Math.max(0, Math.min(slots - 1, Math.floor(slotsTo(axis, a.startMin))));
  const e = Math.max(s + 1, Math.min(slots, Math.ceil(slotsTo(axis, Math.max(a.endMin, a.startMin + SLOT_MINUTES)))));
  return { rowStart: s + 1, rowEnd: e + 1 };
}

/** Places one column's appointments: overlapping ones share the width in lanes. */
export function placeColumn(list: AppointmentView[], range: TimeAxis): Placed[] {
  const sorted = list.slice().sort((x, y) => x.startMin - y.startMin || y.endMin - x.endMin || x.id - y.id);
  const out: Placed[] = [];
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  const laneEnds: number[] = [];
  const flush = () => {
    const lanes = Math.max(1, laneEnds.length);
    for (const p of cluster) p.lanes = lanes;
    cluster = [];
    laneEnds.length = 0;
  };
  for (const a of sorted) {
    const { rowStart, rowEnd } = rowsOf(a, range);
    if (rowStart >= clusterEnd) flush();
    let lane = laneEnds.findIndex((end) => end <= rowStart);
    if (lane === -1) lane = laneEnds.push(rowEnd) - 1;
    else laneEnds[lane] = rowEnd;
    const p: Placed = { a, rowStart, rowEnd, lane, lanes: 1 };
    cluster.push(p);
    out.push(p);
    clusterEnd = Math.max(rowStart >= clusterEnd ? rowEnd : clusterEnd, rowEnd);
  }
  flush();
  return out;
}

/** Narrowest a staff column gets (8 staff fit a 1024 px tablet beside the time column) and the others. */
export const STAFF_COLUMN_MIN = '6.25rem';
export const OTHER_COLUMN_MIN = '5.5rem';

/**
 * The grid's columns (issue 31 item 3): every column shares the width, so a few fill it; none goes below its
 * minimum, past which the grid scrolls sideways. Staff columns come first and are the ones that must fit:
 * Online, Cancel and Unassigned are narrower and are what scrolls out of view first.
 */
export function columnTemplate(columns: { special?: boolean }[], timeColumn = 'var(--tb-time-col)'): string {
  return [timeColumn, ...columns.map((c) => `minmax(${c.special ? OTHER_COLUMN_MIN : STAFF_COLUMN_MIN}, 1fr)`)].join(' ');
}

/** Monday of the date's week. */
export const addDays = (date: string, n: number) => {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
};
export const mondayOf = (date: string) => addDays(date, -weekdayIndex(date));

/** The week's dates from Monday, closed weekdays hidden (all shown when the store is closed every day). */
export function weekDates(store: Pick<StoreView, 'hours'>, date: string): string[] {
  const monday = mondayOf(date);
  const all = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const open = all.filter((d) => openHours(store, d));
  return open.length ? open : all;
}

const NBSP = '\u00a0';
const clock = (m: number) => {
  const h24 = Math.floor(m / 60) % 24;
  return { hm: `${h24 % 12 || 12}:${String(m % 60).padStart(2, '0')}`, ampm: h24 < 12 ? 'am' : 'pm' };
};

/** A piece of a card's time: the clock, or an am/pm a narrow card leaves out (its column has the am/pm labels). */
export interface TimePart {
  text: string;
  ampm?: boolean;
}

/**
 * A card's time, short enough for a 100 px column: '10:30–11:30 am', or '11:30 am–12:15 pm' across noon.
 * Each am/pm is its own part (kept to its time with a no-break space): a card too narrow for it drops it
 * whole, so a time is never cut into '10:30 am - 11:30 a…'.
 */
export function timeParts(startMin: number, endMin: number): TimePart[] {
  const s = clock(startMin);
  const e = clock(endMin);
  const ampm = (text: string): TimePart => ({ text: `${NBSP}${text}`, ampm: true });
  return s.ampm === e.ampm
    ? [{ text: `${s.hm}–${e.hm}` }, ampm(e.ampm)]
    : [{ text: s.hm }, ampm(s.ampm), { text: `–${e.hm}` }, ampm(e.ampm)];
}

export const compactTime = (startMin: number, endMin: number): string => timeParts(startMin, endMin).map((p) => p.text).join('');

export interface CardLines {
  /** the customer ('Day off' for a day-off record; the service or the time without a customer) */
  title: string;
  service: string;
  time: string;
  /** what kind of card it is in words ('Walk-in', 'Cancelled'; '' for a plain one), for a screen reader */
  kind: string;
  /** everything, with the time in full, for the tooltip: the card shows what fits, the rest is on tap */
  label: string;
}

/** What a compact card says, in this order: customer, service, time (issue 31 item 1). */
export function cardLines(a: AppointmentView): CardLines {
  const time = compactTime(a.startMin, a.endMin);
  const tone = toneOf(a);
  const kind = tone === 'plain' || tone === 'off' ? '' : TONE_LABELS[tone];
  const when = `${clock(a.startMin).hm} ${clock(a.startMin).ampm} - ${clock(a.endMin).hm} ${clock(a.endMin).ampm}`;
  if (isDayOffRecord(a)) return { title: 'Day off', service: '', time, kind: '', label: `Day off, ${when}` };
  const name = fullName({ fname: a.customerFname, lname: a.customerLname });
  const service = a.services.map((s) => s.name).join(', ');
  const title = name || service || time;
  return {
    title,
    service: name ? service : '',
    time: title === time ? '' : time,
    kind,
    label: [name, service, when, kind].filter(Boolean).join(', '),
  };
}

/** Whether the column's staff member has that weekday off (their weekly schedule). */
export const weeklyOff = (c: Pick<Column, 'dayOff'>, date: string) => !!c.dayOff && isWeeklyDayOff(c.dayOff, dayKeyOf(date));
