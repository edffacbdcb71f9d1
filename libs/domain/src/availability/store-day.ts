import { DateTime, IANAZone } from 'luxon';
import { DAY_KEYS, parseDayHours, type DayHours, type DayKey, type WeekHours } from '../hours/business-hours';
import { formatTime12, MINUTES_PER_DAY } from '../hours/time12';
import { MASK_BITS, setRange, WORDS } from './mask';
import { ONLINE_WINDOW_DAYS } from './online-window';

export { ONLINE_WINDOW_DAYS };

export const STEP_MINUTES = 15;
export const STEP_MS = STEP_MINUTES * 60_000;
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
// Frames are cached and shared between calls: treat them, typed arrays included, as read-only.

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

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a wall-clock time reads in a zone, from the zone's offsets alone (luxon's own technique, without
 * building DateTime objects, which cost about 100 µs each with a zone). Null when that wall time does not
 * exist (a gap) so the caller can fall back to luxon's rule.
 */
function instantOfWall(tz: IANAZone, wallUtc: number): number | null {
  const guess = wallUtc - tz.offset(wallUtc) * 60_000;
  const off = tz.offset(guess);
  const at = wallUtc - off * 60_000;
  if (tz.offset(at) === off) return at;
  const other = wallUtc - tz.offset(at) * 60_000;
  return tz.offset(other) * 60_000 === wallUtc - other ? other : null;
}

function localMidnight(tz: IANAZone, zone: string, wallUtc: number): number {
  const at = instantOfWall(tz, wallUtc);
  if (at !== null) return at;
  // midnight falls in a gap in a few zones: the day starts at the first instant after it
  const d = new Date(wallUtc);
  return DateTime.fromObject({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, { zone }).startOf('day').toMillis();
}

/** Frames are pure functions of their inputs and cost tens of microseconds: keep the recent ones. */
const cache = new Map<string, StoreDay>();
const CACHE_SIZE = 512;

/** The store-day for an IANA zone, a YYYY-MM-DD date and the store's hours (that day's or the whole week). */
export function storeDay(zone: string, date: string, hours: DayHoursInput): StoreDay {
  const tz = IANAZone.create(zone);
  if (!tz.isValid) throw new RangeError(`timeZone is not an IANA time zone: '${zone}'`);
  const m = DATE.exec(date);
  const wallMidnightUtc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || new Date(wallMidnightUtc).toISOString().slice(0, 10) !== date) throw new RangeError(`date must be YYYY-MM-DD: '${date}'`);
  // 1970-01-01 was a Thursday; DAY_KEYS starts on Monday.
  const weekday = DAY_KEYS[(Math.floor(wallMidnightUtc / DAY_MS) + 3) % 7];
  const h = dayHours(hours, weekday);
  const key = `${zone}|${date}|${h ? `${h.open}-${h.close}` : 'closed'}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const frame = layout(tz, zone, date, wallMidnightUtc, weekday, h);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, frame);
  return frame;
}

/** storeDay without the cache (the benchmark measures a first build with it). */
export function layoutStoreDay(zone: string, date: string, hours: DayHoursInput): StoreDay {
  cache.clear();
  return storeDay(zone, date, hours);
}

function layout(tz: IANAZone, zone: string, date: string, wallMidnightUtc: number, weekday: DayKey, h: DayHours | null): StoreDay {

  const startMs = localMidnight(tz, zone, wallMidnightUtc);
  const endMs = localMidnight(tz, zone, wallMidnightUtc + DAY_MS);
  const stepCount = Math.round((endMs - startMs) / STEP_MS);

  // Offsets per step boundary; a day changes offset at most once, so find that boundary by bisection.
  const offsetMinutes = new Int16Array(stepCount + 1);
  const offStart = tz.offset(startMs);
  const offEnd = tz.offset(endMs);
  let change = stepCount + 1;
  if (offStart !== offEnd) {
    let lo = 0;
    let hi = stepCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tz.offset(startMs + mid * STEP_MS) === offEnd) hi = mid;
      else lo = mid + 1;
    }
    change = lo;
  }
  const wallQuarter = new Int16Array(stepCount + 1);
  for (let b = 0; b <= stepCount; b++) {
    const off = b < change ? offStart : offEnd;
    offsetMinutes[b] = off;
    wallQuarter[b] = Math.round((startMs + b * STEP_MS + off * 60_000 - wallMidnightUtc) / STEP_MS);
  }

  // Starts read a wall time at its first occurrence (or the next one that exists), ends at its last.
  const startAtWall = new Int16Array(QUARTERS_PER_DAY + 1).fill(stepCount);
  const endAtWall = new Int16Array(QUARTERS_PER_DAY + 1).fill(-1);
  let reached = -1;
  for (let b = 0; b <= stepCount; b++) {
    const w = wallQuarter[b];
    for (let q = reached + 1; q <= w && q <= QUARTERS_PER_DAY; q++) startAtWall[q] = b;
    if (w > reached) reached = w;
    if (w >= 0 && w <= QUARTERS_PER_DAY) endAtWall[w] = b;
  }
  for (let q = 0; q <= QUARTERS_PER_DAY; q++) if (endAtWall[q] < 0) endAtWall[q] = startAtWall[q];

  const openStep = h ? startAtWall[Math.ceil(h.open / STEP_MINUTES)] : 0;
  const closeStep = h ? Math.max(openStep, endAtWall[Math.floor(h.close / STEP_MINUTES)]) : 0;
  const outside = new Uint32Array(WORDS);
  setRange(outside, 0, 0, openStep);
  setRange(outside, 0, closeStep, MASK_BITS);

  const onlineFromMs = localMidnight(tz, zone, wallMidnightUtc - ONLINE_WINDOW_DAYS * DAY_MS);
  return { zone, date, weekday, startMs, endMs, stepCount, wallQuarter, offsetMinutes, startAtWall, endAtWall, openStep, closeStep, outside, onlineFromMs };
}

/** Wall-clock minutes since local midnight at a step boundary (1440 at the day's end). */
export function wallMinuteAt(day: StoreDay, step: number): number {
  return day.wallQuarter[step] * STEP_MINUTES;
}

/**
 * Whether the store's clock shows `minute` (since local midnight; 1440 is the midnight that ends the day) on
 * the frame's date: false inside a spring-forward gap (2:00-2:59 am in New York on its spring-forward night).
 */
export function wallTimeExists(day: StoreDay, minute: number): boolean {
  const q = Math.floor(minute / STEP_MINUTES);
  return wallMinuteAt(day, day.startAtWall[q]) === q * STEP_MINUTES;
}

/**
 * Real minutes from a wall start to a wall end on the frame's date, read as the engine reads them (a start
 * at its first occurrence, an end at its last): 45 for 1:30-3:15 am on a spring-forward night, 105 for
 * 1:30-2:15 am on a fall-back night.
 */
export function realMinutes(day: StoreDay, startMin: number, endMin: number): number {
  const from = day.startAtWall[Math.floor(startMin / STEP_MINUTES)] * STEP_MINUTES + (startMin % STEP_MINUTES);
  const to = day.endAtWall[Math.floor(endMin / STEP_MINUTES)] * STEP_MINUTES + (endMin % STEP_MINUTES);
  return to - from;
}

/**
 * The wall end of `minutes` from a wall start on the real clock (1:30 am + 45 minutes is 3:15 am on a
 * spring-forward night), or on paper where the real end would read no later than the start (a fall-back
 * night's repeated hour: wall times cannot say "the second 1:15 am") or the start is not on the clock. Past
 * the day's end it counts on past 1440; callers stop at midnight.
 */
export function wallEndAfter(day: StoreDay, startMin: number, minutes: number): number {
  const paper = startMin + minutes;
  if (!wallTimeExists(day, startMin)) return paper;
  const fromQuarter = (startMin % STEP_MINUTES) + minutes;
  const step = day.startAtWall[Math.floor(startMin / STEP_MINUTES)] + Math.floor(fromQuarter / STEP_MINUTES);
  const real = step <= day.stepCount
    ? wallMinuteAt(day, step) + (fromQuarter % STEP_MINUTES)
    : MINUTES_PER_DAY + (step - day.stepCount) * STEP_MINUTES + (fromQuarter % STEP_MINUTES);
  return real > startMin ? real : paper;
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

const labelCache = new WeakMap<StoreDay, { time: string[]; iso: string[] }>();

/** Each step boundary's '09:30 am' and ISO string, made once per frame. */
export function stepLabels(day: StoreDay): { time: string[]; iso: string[] } {
  let l = labelCache.get(day);
  if (!l) {
    l = { time: [], iso: [] };
    for (let b = 0; b <= day.stepCount; b++) {
      l.time.push(formatTime12(wallMinuteAt(day, b)));
      l.iso.push(isoAt(day, b));
    }
    labelCache.set(day, l);
  }
  return l;
}
