import { DateTime, IANAZone } from 'luxon';
import { DAY_KEYS, parseDayHours, type DayHours, type DayKey, type WeekHours } from '../hours/business-hours';
import { MINUTES_PER_DAY } from '../hours/time12';
import { MASK_BITS, setRange, WORDS } from './mask';

export const STEP_MINUTES = 15;
export const STEP_MS = STEP_MINUTES * 60_000;
/** Online requests reach this many days ahead, counted in the store's zone (docs/product/constants.md). */
export const ONLINE_WINDOW_DAYS = 45;
const QUARTERS_PER_DAY = MINUTES_PER_DAY / STEP_MINUTES;

/**
 * One date of one store, laid out as real 15-minute steps from local midnight to the next midnight: 96 steps
 * on most days, 92 on a spring-forward day (the missing hour has no steps), 100 on a fall-back day (the
 * repeated hour has steps twice, told apart by their offset). Built once per store and date with luxon; the
 * availability engine then works on step numbers only.
 */
export interface StoreDay {
  zone: string;
  /** YYYY-MM-DD */
  date: string;
  weekday: DayKey;
  /** the instant of local midnight (or the day's first instant when midnight does not exist) */
  startMs: number;
  endMs: number;
  stepCount: number;
  /** wall-clock quarter hour (0..96) at each step boundary 0..stepCount */
  wallQuarter: Int16Array;
  /** UTC offset in minutes at each step boundary */
  offsetMinutes: Int16Array;
  /** for wall quarter q: the first boundary at or after that wall time (a start, read early) */
  startAtWall: Int16Array;
  /** for wall quarter q: the last boundary showing that wall time (an end, read late) */
  endAtWall: Int16Array;
  /** first step inside the store's hours, and the boundary where they end; equal when closed */
  openStep: number;
  closeStep: number;
  /** steps outside the store's hours and past the day's end are set */
  outside: Uint32Array;
  /** online requests for this date are taken from this instant on (45 days before, in the store's zone) */
  onlineFromMs: number;
}

export type DayHoursInput = string | DayHours | WeekHours | null | undefined;

function dayHours(input: DayHoursInput, weekday: DayKey): DayHours | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'string') {
    const r = parseDayHours(input);
    if (!r.ok) throw new RangeError(`hours ${r.error}`);
    return r.value;
  }
  if ('open' in input && 'close' in input) return input;
  return dayHours((input as WeekHours)[weekday] ?? null, weekday);
}

/** The store-day for an IANA zone, a YYYY-MM-DD date and the store's hours (that day's or the whole week). */
export function storeDay(zone: string, date: string, hours: DayHoursInput): StoreDay {
  if (!IANAZone.isValidZone(zone)) throw new RangeError(`timeZone is not an IANA time zone: '${zone}'`);
  const start = DateTime.fromISO(date, { zone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !start.isValid) throw new RangeError(`date must be YYYY-MM-DD: '${date}'`);
  const day = start.startOf('day');
  const startMs = day.toMillis();
  const endMs = day.plus({ days: 1 }).startOf('day').toMillis();
  const stepCount = Math.round((endMs - startMs) / STEP_MS);
  const weekday = DAY_KEYS[day.weekday - 1];
  const tz = IANAZone.create(zone);
  const wallMidnightUtc = Date.UTC(day.year, day.month - 1, day.day);

  const wallQuarter = new Int16Array(stepCount + 1);
  const offsetMinutes = new Int16Array(stepCount + 1);
  const offStart = tz.offset(startMs);
  const constant = offStart === tz.offset(endMs);
  for (let b = 0; b <= stepCount; b++) {
    const ms = startMs + b * STEP_MS;
    const off = constant ? offStart : tz.offset(ms);
    offsetMinutes[b] = off;
    wallQuarter[b] = Math.round((ms + off * 60_000 - wallMidnightUtc) / STEP_MS);
  }

  const startAtWall = new Int16Array(QUARTERS_PER_DAY + 1);
  const endAtWall = new Int16Array(QUARTERS_PER_DAY + 1);
  for (let q = 0; q <= QUARTERS_PER_DAY; q++) {
    let first = stepCount;
    for (let b = 0; b <= stepCount; b++) {
      if (wallQuarter[b] >= q) {
        first = b;
        break;
      }
    }
    let last = -1;
    for (let b = stepCount; b >= 0; b--) {
      if (wallQuarter[b] === q) {
        last = b;
        break;
      }
    }
    startAtWall[q] = first;
    endAtWall[q] = last >= 0 ? last : first;
  }

  const h = dayHours(hours, weekday);
  const openStep = h ? startAtWall[Math.ceil(h.open / STEP_MINUTES)] : 0;
  const closeStep = h ? Math.max(openStep, endAtWall[Math.floor(h.close / STEP_MINUTES)]) : 0;
  const outside = new Uint32Array(WORDS);
  setRange(outside, 0, 0, openStep);
  setRange(outside, 0, closeStep, MASK_BITS);

  const onlineFromMs = day.minus({ days: ONLINE_WINDOW_DAYS }).startOf('day').toMillis();
  return { zone, date, weekday, startMs, endMs, stepCount, wallQuarter, offsetMinutes, startAtWall, endAtWall, openStep, closeStep, outside, onlineFromMs };
}

/** Wall-clock minutes since local midnight at a step boundary (1440 at the day's end). */
export function wallMinuteAt(day: StoreDay, step: number): number {
  return day.wallQuarter[step] * STEP_MINUTES;
}

/** The instant (epoch ms) of a step boundary. */
export function instantAt(day: StoreDay, step: number): number {
  return day.startMs + step * STEP_MS;
}

/** ISO-8601 with the store's offset at a step boundary, e.g. '2030-11-03T01:30:00-05:00'. */
export function isoAt(day: StoreDay, step: number): string {
  const off = day.offsetMinutes[step];
  const local = new Date(instantAt(day, step) + off * 60_000).toISOString().slice(0, 19);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
