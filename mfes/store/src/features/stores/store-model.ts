import { CLOSED, DAY_KEYS, parseDayHours, type DayKey } from '@turnbook/domain/hours/business-hours';
import { formatHour12 } from '@turnbook/domain/hours/time12';
import { US_STATES } from '@turnbook/contracts/us-states';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';

/** A store as the scheduling service answers it; the public view has no username, owner or settings. */
export type Store = Omit<StoreView, 'username' | 'ownerId' | 'settings' | 'hours' | 'created_at' | 'updated_at'> &
  Partial<Pick<StoreView, 'username' | 'ownerId' | 'settings'>> & { hours: StoreView['hours'] | string };

export type StoreSettings = StoreView['settings'];

/** The store-setting switches and their labels. */
export const SETTING_LABELS: Record<keyof StoreSettings, string> = {
  turnsBlock: 'Turns block on the front desk',
  cancelAndText: 'Cancel and Text Customer option',
  autoTextOnApprove: 'Text the customer when an online request is approved',
};

/** Two-letter US state codes, DC included: the list the server validates against. */
export { US_STATES };

export const DAY_LABELS: Record<DayKey, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

export { DAY_KEYS, type DayKey };

/** One day of the hours editor: open or closed, and 'h:mm am' times. */
export interface DayState {
  open: boolean;
  from: string;
  to: string;
}
export type HoursState = Record<DayKey, DayState>;

/** When a closed day is opened, these are its first times (the spec's 00:00 default is an all-day store). */
export const DEFAULT_OPEN = '9:00 am';
export const DEFAULT_CLOSE = '6:00 pm';

/** Times every 15 minutes: value 'h:mm am' (the API's), label 'h:mm AM' (the spec's h:mm A). */
export const TIME_OPTIONS: { value: string; label: string }[] = Array.from({ length: 96 }, (_, i) => {
  const value = formatHour12(i * 15);
  return { value, label: value.toUpperCase() };
});

/** The API's hours (object, or JSON text from older records) as editor state. */
export function hoursToState(hours: Store['hours'] | null | undefined, closedDefault = true): HoursState {
  let obj: Record<string, string> = {};
  if (typeof hours === 'string') {
    try {
      obj = JSON.parse(hours) as Record<string, string>;
    } catch {
      obj = {};
    }
  } else if (hours) obj = hours;
  const out = {} as HoursState;
  for (const d of DAY_KEYS) {
    const raw = obj[d];
    const r = raw ? parseDayHours(raw) : null;
    if (r && r.ok && r.value) out[d] = { open: true, from: formatHour12(r.value.open), to: formatHour12(r.value.close) };
    else out[d] = { open: !closedDefault && !raw, from: DEFAULT_OPEN, to: DEFAULT_CLOSE };
  }
  return out;
}

/** Every day closed: the create wizard's default (docs/product/statuses.md). */
export function closedHoursState(): HoursState {
  return hoursToState(null, true);
}

/** Editor state as the API's object {mon..sun: '10:00 am-6:00 pm' | 'closed-closed'}. */
export function stateToHours(state: HoursState): Record<DayKey, string> {
  return Object.fromEntries(DAY_KEYS.map((d) => [d, state[d].open ? `${state[d].from}-${state[d].to}` : CLOSED])) as Record<DayKey, string>;
}

/** The days whose closing time is not after the opening time (midnight '12:00 am' closes at the end of the day). */
/** Closed every day of the week: such a store never has a time to offer (warned on the hours editor). */
export const closedAllWeek = (state: HoursState): boolean => DAY_KEYS.every((d) => !state[d].open);

export const CLOSED_ALL_WEEK = 'Your store is closed all seven days, so no appointment can be booked and the booking page offers no time. Open at least one day.';

export function invalidDays(state: HoursState): DayKey[] {
  return DAY_KEYS.filter((d) => {
    if (!state[d].open) return false;
    const r = parseDayHours(`${state[d].from}-${state[d].to}`);
    return !r.ok;
  });
}

/** 'open - close' in the spec's display (h:mm A), or CLOSED. */
export function displayDay(raw: string | undefined): string {
  const r = parseDayHours(raw ?? CLOSED);
  if (!r.ok || !r.value) return 'CLOSED';
  return `${formatHour12(r.value.open).toUpperCase()} - ${formatHour12(r.value.close).toUpperCase()}`;
}

/** The store's hours as an object whatever the API sent. */
export function hoursObject(hours: Store['hours'] | null | undefined): Record<string, string> {
  if (!hours) return {};
  if (typeof hours === 'string') {
    try {
      return JSON.parse(hours) as Record<string, string>;
    } catch {
      return {};
    }
  }
  return hours;
}

/** 'street, address2, city, state zip' */
export function addressLine(s: Pick<Store, 'street' | 'address2' | 'city' | 'state' | 'zip'>): string {
  return [s.street, s.address2, s.city, [s.state, s.zip].filter(Boolean).join(' ')].filter((p) => p && p.trim()).join(', ');
}

/** US time zones first (the stores this product serves), then every other IANA zone the browser knows. */
export const US_TIME_ZONES: { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern — New York' },
  { value: 'America/Detroit', label: 'Eastern — Detroit' },
  { value: 'America/Indiana/Indianapolis', label: 'Eastern — Indianapolis' },
  { value: 'America/Kentucky/Louisville', label: 'Eastern — Louisville' },
  { value: 'America/Chicago', label: 'Central — Chicago' },
  { value: 'America/Indiana/Knox', label: 'Central — Knox, Indiana' },
  { value: 'America/Menominee', label: 'Central — Menominee' },
  { value: 'America/North_Dakota/Center', label: 'Central — North Dakota' },
  { value: 'America/Denver', label: 'Mountain — Denver' },
  { value: 'America/Boise', label: 'Mountain — Boise' },
  { value: 'America/Phoenix', label: 'Mountain (no DST) — Phoenix' },
  { value: 'America/Los_Angeles', label: 'Pacific — Los Angeles' },
  { value: 'America/Anchorage', label: 'Alaska — Anchorage' },
  { value: 'America/Juneau', label: 'Alaska — Juneau' },
  { value: 'America/Adak', label: 'Hawaii-Aleutian — Adak' },
  { value: 'Pacific/Honolulu', label: 'Hawaii — Honolulu' },
  { value: 'America/Puerto_Rico', label: 'Atlantic — Puerto Rico' },
  { value: 'America/St_Thomas', label: 'Atlantic — US Virgin Islands' },
  { value: 'Pacific/Guam', label: 'Chamorro — Guam' },
  { value: 'Pacific/Pago_Pago', label: 'Samoa — Pago Pago' },
];

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Select data: the US group, then the other zones (searchable); the current value is always present. */
export function timeZoneOptions(current?: string | null): { group: string; items: { value: string; label: string }[] }[] {
  const us = new Set(US_TIME_ZONES.map((z) => z.value));
  let others: string[] = [];
  try {
    others = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    others = [];
  }
  const rest = others.filter((z) => !us.has(z));
  if (current && !us.has(current) && !rest.includes(current)) rest.unshift(current);
  return [
    { group: 'United States', items: US_TIME_ZONES },
    { group: 'Other time zones', items: rest.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })) },
  ];
}

/** The browser's zone when it is a US one, else New York: the create wizard's default. */
export function defaultTimeZone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (US_TIME_ZONES.some((z) => z.value === tz)) return tz;
  } catch {
    /* default below */
  }
  return DEFAULT_TIME_ZONE;
}
