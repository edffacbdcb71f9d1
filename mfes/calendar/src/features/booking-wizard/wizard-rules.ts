import type { AppointmentCreateBody, EmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, isRealStaff, toMinutes, UNASSIGNED_COLUMN } from '@turnbook/domain';
import { cardRequired, GROUP_CARD_FROM } from '@turnbook/domain/card-on-file/card-on-file';

/** The wizard's user-facing texts, as docs/product/messages.md words them. */
export const WIZARD_MESSAGES = {
  invalidDateTitle: 'Invalid date!!!',
  invalidDate: 'Appointment date must be a current or future date.',
  selectOrConfirmNew: 'Please select a customer or confirm that you still want to create new customer',
  selectCustomer: 'Please select a customer',
  chooseStaff: 'Please choose a staff',
  addService: 'Please add at least one service',
  noService: "Your store doesn't have a service",
  groupCard: 'Need Credit card information for group from 3 and up.',
  newCustomerNeeds: 'Please enter a first name and a phone',
  groupSize: 'A group has at least 2 people',
  bookedUnassigned: 'Appointment booked in Unassigned: assign a staff member from the calendar',
} as const;

/**
 * The staff page's last choice: no staff member yet. It books the Unassigned column (9999), never the TBD
 * placeholder's record, and its times are those some real staff member could take (docs/product/records.md).
 */
export const NEXT_AVAILABLE = { id: UNASSIGNED_COLUMN, label: 'Next available (Unassigned)' } as const;

/** The staff the wizard offers: real staff only (never the TBD placeholder, role none or archived), in column order. */
export const wizardStaff = (list: EmployeeView[]) => list.filter(isRealStaff).sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);

/** The staffId the time page asks availability for: none (anyone) for the Next available choice. */
export const availabilityStaffId = (staffId: number | null) => (staffId === null || staffId === NEXT_AVAILABLE.id ? undefined : staffId);

/** Page numbers of the wizard, as the spec numbers them (3 is unused there too). */
export const PAGES = {
  kind: 1,
  customerChoice: 2,
  customerSearch: 4,
  customerNew: 5,
  groupSize: 6,
  groupContactChoice: 7,
  groupContactSearch: 8,
  groupContactNew: 9,
  staff: 10,
  services: 11,
  time: 12,
  notes: 13,
} as const;

export const GROUP_QUICK_PICKS = [2, 3, 4, 5] as const;
export { GROUP_CARD_FROM };

/** The note a group's appointments carry. */
export const groupNote = (size: number) => `group size: ${size}`;
/** A group of 3 or more holds a card on file (docs/product/deposits.md); staff bookings are never online requests. */
export const needsCardForGroup = (size: number) => cardRequired('groups', size, false);

/** Minutes the chosen services take together (each service's duration adds up). */
export function totalDuration(serviceIds: number[], services: Pick<ServiceView, 'id' | 'duration'>[]): number {
  const byId = new Map(services.map((s) => [s.id, s.duration]));
  return serviceIds.reduce((sum, id) => sum + (byId.get(id) ?? 0), 0);
}

/** Adds or removes one service from a person's selection. */
export function toggleService(selected: number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** One selection per person: a group of N has N, keeping what was already chosen. */
export function resizeSelections(selections: number[][], people: number): number[][] {
  return Array.from({ length: people }, (_, i) => selections[i] ?? []);
}

/** The services page's problem, or null: every person needs at least one service. */
export function servicesProblem(selections: number[][]): string | null {
  return selections.length === 0 || selections.some((s) => s.length === 0) ? WIZARD_MESSAGES.addService : null;
}

/** The date page's problem, or null: a date before today (in the store's zone) cannot be booked. */
export function dateProblem(date: string, today: string): string | null {
  return !/^\d{4}-\d{2}-\d{2}$/.test(date) || date < today ? WIZARD_MESSAGES.invalidDate : null;
}

/** The longest person's services: the time a group's staff member needs (everyone starts together). */
export function longestSelection(selections: number[][], services: Pick<ServiceView, 'id' | 'duration'>[]): number[] {
  return selections.reduce<number[]>((best, s) => (totalDuration(s, services) > totalDuration(best, services) ? s : best), []);
}

/** 'hh:mm am' plus minutes; an end past midnight stops at the midnight that closes the day. */
export function endTime(start: string, minutes: number): string {
  const from = toMinutes(start) ?? 0;
  return formatTime12(Math.min(from + minutes, 24 * 60));
}

export interface BookingDraft {
  storeId: number;
  staffId: number;
  customerId: number;
  /** per person; one entry for an individual booking */
  selections: number[][];
  date: string;
  start: string;
  note: string;
  /** the appointment this rebooks */
  rebookOf?: number;
  /** the card on file the booking holds (a group of 3 or more) */
  cardOnFile?: string;
}

/**
 * The POST appointment bodies of a booking: one per person, everyone with the main contact as customer and
 * starting together; a group's note begins with 'group size: N'.
 */
export function appointmentBodies(d: BookingDraft, services: Pick<ServiceView, 'id' | 'duration'>[]): AppointmentCreateBody[] {
  const group = d.selections.length > 1;
  const note = [group ? groupNote(d.selections.length) : '', d.note.trim()].filter(Boolean).join(' ');
  return d.selections.map((ids) => ({
    storeId: d.storeId,
    staffId: d.staffId,
    customerId: d.customerId,
    serviceIds: ids.join(','),
    appointmentId: d.rebookOf ?? null,
    date: d.date,
    start: d.start,
    end: endTime(d.start, totalDuration(ids, services)),
    note,
    ...(d.cardOnFile ? { cardOnFile: d.cardOnFile } : {}),
  }));
}

/** A new customer as the customers service stores it: names lowercased, no email. */
export function newCustomerBody(storeId: number, c: { fname: string; lname: string; phone: string }) {
  return { storeId, fname: c.fname.trim().toLowerCase(), lname: c.lname.trim().toLowerCase(), phone: c.phone.replace(/\D/g, ''), email: '' };
}
