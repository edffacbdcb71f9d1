import type { SignIn } from './sign-in/sign-in-outbox';
import { newKey } from './sign-in/sign-in-outbox';
import { walkInTimes } from './sign-in/kiosk-time';
import { displayName } from '@turnbook/domain/text/names';

/**
 * The wizard's pages, numbered as the product describes them (docs/product/kiosk.md): 0 appointment question,
 * 1 phone, 2 name, 3 confirm the appointment, 4 party and services, 7/8/9 search by last name/phone/email,
 * 10 search results, 11 thank you, 12 'Did you talk to a staff?', 13 'Please consult availabilities'.
 */
export const PAGE = {
  question: 0, phone: 1, name: 2, confirm: 3, party: 4, byLastName: 7, byPhone: 8, byEmail: 9,
  results: 10, thanks: 11, talkToStaff: 12, consultStaff: 13,
} as const;
export type Page = (typeof PAGE)[keyof typeof PAGE];

/** No back arrow on the question, the phone, the thank-you page and 'Did you talk to a staff?'. */
export const NO_BACK_ARROW: readonly number[] = [PAGE.question, PAGE.phone, PAGE.thanks, PAGE.talkToStaff];

export const RESET_AFTER_MS = 4_000;
export const IDLE_RESET_MS = 100_000;
/**
 * An unconfirmed sign-in stays on the thank-you page at most this long while the network seems up (a party's
 * seven writes on a busy server take seconds); offline, the page starts over after RESET_AFTER_MS. The
 * outbox keeps sending either way.
 */
export const UNCONFIRMED_RESET_MS = 30_000;
export const MAX_PARTY = 8;
/** A masked phone is complete at 14 characters: (215) 555-0123. */
export const FULL_PHONE_LENGTH = 14;

export type LookupType = 'lname' | 'phone' | 'email';

/** What the kiosk may see of today's appointment (first name, last initial, masked phone, services). */
export interface KioskAppointment {
  id: number;
  staffId: number;
  date: string;
  start: string;
  end: string;
  status: string;
  services: { id: number; name: string; duration: number }[];
  customerId: number;
  customerFname: string;
  customerLname: string;
  customerPhone: string;
  userFname: string;
  /** an online request the store has not approved yet: shown as a request, never as a booked appointment */
  awaitingApproval: boolean;
  /** already signed in today: the door says so instead of signing it in again */
  signedIn: boolean;
}

export interface KioskService {
  id: number;
  name: string;
  duration: number;
}

export interface Draft {
  hasReservation: boolean;
  /** digits only, at most 10 */
  phone: string;
  fname: string;
  lname: string;
  partySize: number;
  /** service ids chosen per person, person 1 first */
  picks: number[][];
  /** the staff member each person asks for ('' for anyone) */
  staff: string[];
  chosen: KioskAppointment | null;
  /** the appointment path's 'Change services': one person, the appointment's services to start with */
  changingServices: boolean;
  found: KioskAppointment[];
  signInId: string | null;
}

export const emptyDraft = (): Draft => ({
  hasReservation: false, phone: '', fname: '', lname: '', partySize: 1, picks: [[]], staff: [''], chosen: null,
  changingServices: false, found: [], signInId: null,
});

/** Sign In shows once every person has a service (for one person: at least one). */
export function canSignIn(picks: readonly number[][], partySize: number): boolean {
  return picks.length >= partySize && picks.slice(0, partySize).every((p) => p.length > 0);
}

/** Resizes the per-person choices, keeping what was already chosen. */
export function resizePicks(picks: readonly number[][], size: number): number[][] {
  return Array.from({ length: size }, (_, i) => [...(picks[i] ?? [])]);
}

/** Names are kept lower-cased; the door shows them with capitals. */
export const capitalised = displayName;

/** 'Alma K.' for a looked-up customer (the kiosk knows only the last initial). */
export const appointmentName = (a: KioskAppointment) => `${capitalised(a.customerFname)} ${a.customerLname.toUpperCase()}.`.trim();

/**
 * The sign-in the outbox sends: a walk-in party (one appointment on the walk-in column and one sheet per
 * person) or, for a customer with today's appointment, one sheet linked to it.
 */
export function buildSignIn(d: Draft, o: { storeId: number; zone: string; services: readonly KioskService[]; now?: Date }): SignIn {
  const byId = new Map(o.services.map((s) => [s.id, s]));
  const express = d.hasReservation && d.chosen != null;
  const picks = express && !d.changingServices ? [d.chosen!.services.map((s) => s.id)] : d.picks.slice(0, express ? 1 : d.partySize);
  const namesOf = (ids: number[]) => ids.map((id) => byId.get(id)?.name ?? d.chosen?.services.find((s) => s.id === id)?.name ?? `#${id}`);
  const minutesOf = (ids: number[]) => ids.reduce((sum, id) => sum + (byId.get(id)?.duration ?? d.chosen?.services.find((s) => s.id === id)?.duration ?? 0), 0);
  const arrival = walkInTimes(o.zone, 0, o.now);
  return {
    id: newKey(),
    storeId: o.storeId,
    walkIn: !express,
    customer: { fname: d.fname.trim().toLowerCase(), lname: d.lname.trim().toLowerCase(), phone: d.phone },
    customerId: express ? d.chosen!.customerId : null,
    customerName: express ? appointmentName(d.chosen!) : capitalised(`${d.fname} ${d.lname}`),
    date: arrival.date,
    arrived: arrival.arrived,
    appointment: express ? { start: d.chosen!.start, staff: capitalised(d.chosen!.userFname ?? ''), request: d.chosen!.awaitingApproval } : null,
    people: picks.map((ids, i) => {
      const times = walkInTimes(o.zone, minutesOf(ids), o.now);
      return {
        index: i + 1, appointmentKey: newKey(), sheetKey: newKey(), serviceIds: ids, serviceNames: namesOf(ids),
        start: times.start, end: times.end, staffByCustomer: (d.staff[i] ?? '') || (express ? d.chosen!.userFname : ''),
        appointmentId: express ? d.chosen!.id : null, sheetId: null, queue: null,
      };
    }),
    state: 'sending',
    error: null,
  };
}

/** '25 minutes', '1 hour', '1 hour 15 minutes'. */
export function minutesPhrase(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h} hour${h === 1 ? '' : 's'}${m ? ` ${m} minute${m === 1 ? '' : 's'}` : ''}`;
}
