/**
 * 12-hour time strings as the spec writes them ('10:00 am', '06:30 pm') and minutes since local midnight,
 * which is what queries and overlap checks use. Pure: no time zone involved.
 */
export const MINUTES_PER_DAY = 24 * 60;

const TWELVE_HOUR = /^(\d{1,2}):(\d{2})\s*([ap])\.?m\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})$/;

/**
 * Minutes since midnight for '9:30 am', '09:30 AM', '9:30am' or 24-hour '21:30'; null when it is not a
 * time. '12:00 am' is 0 and '12:00 pm' is 720.
 */
export function toMinutes(value: string | null | undefined): number | null {
  const v = (value ?? '').trim();
  let m = TWELVE_HOUR.exec(v);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h < 1 || h > 12 || min > 59) return null;
    const pm = m[3].toLowerCase() === 'p';
    return ((h % 12) + (pm ? 12 : 0)) * 60 + min;
  }
  m = TWENTY_FOUR_HOUR.exec(v);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h > 23 || min > 59) return null;
    return h * 60 + min;
  }
  return null;
}

function parts(minutes: number): { h: number; mm: string; ampm: 'am' | 'pm' } {
  const m = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h24 = Math.floor(m / 60);
  return { h: h24 % 12 === 0 ? 12 : h24 % 12, mm: String(m % 60).padStart(2, '0'), ampm: h24 < 12 ? 'am' : 'pm' };
}

/** 'hh:mm am' with a leading zero, the appointment format of the spec ('09:30 am'). */
export function formatTime12(minutes: number): string {
  const { h, mm, ampm } = parts(minutes);
  return `${String(h).padStart(2, '0')}:${mm} ${ampm}`;
}

/** 'h:mm am' without a leading zero, the business-hours format of the spec ('9:30 am'). */
export function formatHour12(minutes: number): string {
  const { h, mm, ampm } = parts(minutes);
  return `${h}:${mm} ${ampm}`;
}
