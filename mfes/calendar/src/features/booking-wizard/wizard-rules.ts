import type { AppointmentCreateBody, EmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, isRealStaff, isReservedColumn, storeDay, toMinutes, UNASSIGNED_COLUMN, wallEndAfter } from '@turnbook/domain';
import { cardRequired, GROUP_CARD_FROM } from '@turnbook/domain/card-on-file/card-on-file';
import type { SavedCard } from '@turnbook/web-kit/card';
import type { PickedCustomer } from './customer-pick';
import type { WizardStart } from './props';

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

/**
 * 'hh:mm am' plus minutes on the store's clock that date (1:30 am + 45 minutes is 3:15 am on a spring-forward
 * night); an end past midnight stops at the midnight that closes the day.
 */
export function endTime(start: string, minutes: number, zone: string, date: string): string {
  const from = toMinutes(start) ?? 0;
  return formatTime12(Math.min(wallEndAfter(storeDay(zone, date, null), from, minutes), 24 * 60));
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
export function appointmentBodies(d: BookingDraft, services: Pick<ServiceView, 'id' | 'duration'>[], zone: string): AppointmentCreateBody[] {
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
    end: endTime(d.start, totalDuration(ids, services), zone, d.date),
    note,
    ...(d.cardOnFile ? { cardOnFile: d.cardOnFile } : {}),
  }));
}

/** A new customer as the customers service stores it: names lowercased, no email. */
export function newCustomerBody(storeId: number, c: { fname: string; lname: string; phone: string }) {
  return { storeId, fname: c.fname.trim().toLowerCase(), lname: c.lname.trim().toLowerCase(), phone: c.phone.replace(/\D/g, ''), email: '' };
}

/** A booking as the wizard's pages fill it in. */
export interface WizardDraft {
  kind: 'individual' | 'group' | null;
  size: number;
  customer: PickedCustomer | null;
  /** the new-customer page's choice to create one although matches were found */
  createAnyway: boolean;
  /** a new customer is created at Finish from the form's values */
  isNew: boolean;
  searchBy: 'number' | 'key';
  searchText: string;
  staffId: number | null;
  selections: number[][];
  date: string;
  start: string | null;
  note: string;
  sendConfirmation: boolean;
  /** the appointment rebooked (cleared by Reset) */
  rebookOf?: number;
  /** the customer's card on file (a group of 3 or more needs one before Finish) */
  card: SavedCard | null;
}

/** The draft a wizard opens with: a clicked slot's date, staff and time, a rebook's customer and services, or what the quick booking carried. */
export function initialDraft(start: WizardStart): WizardDraft {
  const r = start.rebookOf;
  const c = start.carried;
  const size = Math.max(1, c?.size ?? 1);
  return {
    kind: r ? 'individual' : c ? (size > 1 ? 'group' : 'individual') : null,
    size,
    customer: c?.customer ?? (r && r.customerId > 0 ? { id: r.customerId, fname: r.customerFname, lname: r.customerLname, phone: r.customerPhone } : null),
    createAnyway: false,
    isNew: false,
    searchBy: 'key',
    searchText: '',
    staffId: start.staffId ?? (r && !isReservedColumn(r.staffId) ? r.staffId : null),
    selections: c ? resizeSelections([], size).map(() => c.serviceIds ?? []) : [r ? r.services.map((s) => s.id) : []],
    date: start.date,
    start: start.time ?? null,
    note: c?.note ?? '',
    sendConfirmation: false,
    rebookOf: r?.id,
    card: null,
  };
}

/** The pages a wizard opened with a booking under way walks through at once (Back walks them back). */
export function openingPages(start: WizardStart): number[] {
  const c = start.carried;
  if (start.rebookOf) return [PAGES.customerChoice, PAGES.customerSearch, PAGES.staff];
  if (!c) return [];
  if ((c.size ?? 1) > 1) return [PAGES.groupSize];
  if (c.customer) return [PAGES.customerChoice, PAGES.customerSearch, PAGES.staff];
  if (c.newCustomer?.fname || c.newCustomer?.phone) return [PAGES.customerChoice, PAGES.customerNew];
  return [PAGES.customerChoice];
}

/** People booked: a group's size, else one. */
export const peopleOf = (d: Pick<WizardDraft, 'kind' | 'size'>) => (d.kind === 'group' ? d.size : 1);

/** The modal's title on each page. */
export const PAGE_TITLES: Record<number, string> = {
  [PAGES.kind]: 'Individual or group',
  [PAGES.customerChoice]: 'Customer',
  [PAGES.groupContactChoice]: 'Main contact of the group',
  [PAGES.customerSearch]: 'Search customer',
  [PAGES.groupContactSearch]: 'Search the group contact',
  [PAGES.customerNew]: 'New customer',
  [PAGES.groupContactNew]: 'New group contact',
  [PAGES.groupSize]: 'Group size',
  [PAGES.staff]: 'Choose staff',
  [PAGES.services]: 'Choose services',
  [PAGES.time]: 'Date and time',
  [PAGES.notes]: 'Notes',
};

/** The group-contact pages (7 to 9) ask for the main contact: their messages say 'select a customer'. */
export const isContactPage = (page: number) => page === PAGES.groupContactChoice || page === PAGES.groupContactSearch || page === PAGES.groupContactNew;

/**
 * Leaving a customer page: with a customer picked, go on with them; a search page without one, or matches
 * found and not set aside, is a message; otherwise the new customer's form is checked ('validate').
 */
export function customerPageOutcome(page: number, d: Pick<WizardDraft, 'customer' | 'createAnyway'>, matches: number): 'existing' | 'validate' | { problem: string } {
  if (d.customer) return 'existing';
  const problem = { problem: isContactPage(page) ? WIZARD_MESSAGES.selectCustomer : WIZARD_MESSAGES.selectOrConfirmNew };
  if (page === PAGES.customerSearch || page === PAGES.groupContactSearch) return problem;
  if (matches > 0 && !d.createAnyway) return problem;
  return 'validate';
}

/** The wizard: its page, the pages Back returns to, the draft and the page's message (what is missing). */
export interface WizardState {
  page: number;
  history: number[];
  draft: WizardDraft;
  problem: string | null;
}

export type WizardAction =
  | { type: 'set'; patch: Partial<WizardDraft> }
  | { type: 'problem'; problem: string | null }
  | { type: 'go'; page: number }
  | { type: 'back' }
  | { type: 'reset'; date: string }
  | { type: 'kind'; kind: 'individual' | 'group' }
  | { type: 'choose'; how: 'search' | 'new' }
  | { type: 'sizeNext' }
  | { type: 'customerDone'; isNew: boolean }
  | { type: 'staffNext' }
  | { type: 'toggleService'; person: number; serviceId: number }
  | { type: 'servicesNext' };

/** The state a wizard opens in, already on the page a booking under way reached. */
export function openingState(start: WizardStart): WizardState {
  const walked = [PAGES.kind, ...openingPages(start)];
  return { page: walked[walked.length - 1], history: walked.slice(0, -1), draft: initialDraft(start), problem: null };
}

const goTo = (s: WizardState, page: number): WizardState => ({ ...s, page, history: [...s.history, s.page], problem: null });
// A page's message is about what is missing: it goes as soon as the booking changes (Next checks again).
const patch = (s: WizardState, p: Partial<WizardDraft>): WizardState => ({ ...s, draft: { ...s.draft, ...p }, problem: null });

/** The wizard's page transitions: pure, so each page's Next is told here and tested without a screen. */
export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  const d = s.draft;
  switch (a.type) {
    case 'set':
      return patch(s, a.patch);
    case 'problem':
      return { ...s, problem: a.problem };
    case 'go':
      return goTo(s, a.page);
    case 'back': {
      if (s.history.length > 0) return { ...s, page: s.history[s.history.length - 1], history: s.history.slice(0, -1), problem: null };
      return s.page > PAGES.kind ? { ...s, page: s.page - 1, problem: null } : { ...s, problem: null };
    }
    case 'reset':
      return { page: PAGES.kind, history: [], draft: initialDraft({ date: a.date }), problem: null };
    case 'kind':
      return a.kind === 'individual'
        ? goTo(patch(s, { kind: 'individual', size: 1, selections: resizeSelections(d.selections, 1) }), PAGES.customerChoice)
        : goTo(patch(s, { kind: 'group', size: Math.max(d.size, 2) }), PAGES.groupSize);
    case 'choose': {
      const contact = s.page === PAGES.groupContactChoice;
      if (a.how === 'search') return goTo(s, contact ? PAGES.groupContactSearch : PAGES.customerSearch);
      return goTo(patch(s, { customer: null }), contact ? PAGES.groupContactNew : PAGES.customerNew);
    }
    case 'sizeNext':
      if (!(d.size > 1)) return { ...s, problem: WIZARD_MESSAGES.groupSize };
      return goTo(patch(s, { selections: resizeSelections(d.selections, d.size) }), PAGES.groupContactChoice);
    case 'customerDone':
      return goTo(patch(s, { isNew: a.isNew }), PAGES.staff);
    case 'staffNext':
      return d.staffId === null ? { ...s, problem: WIZARD_MESSAGES.chooseStaff } : goTo(s, PAGES.services);
    case 'toggleService': {
      const selections = resizeSelections(d.selections, peopleOf(d));
      return patch(s, { selections: selections.map((x, i) => (i === a.person ? toggleService(x, a.serviceId) : x)) });
    }
    case 'servicesNext': {
      const selections = resizeSelections(d.selections, peopleOf(d));
      const problem = servicesProblem(selections);
      return problem ? { ...s, problem } : goTo(patch(s, { selections }), PAGES.time);
    }
  }
}
