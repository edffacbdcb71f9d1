import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { isRealStaff } from '@turnbook/domain';
import { staffDisplayName } from '@turnbook/domain/text/names';

/**
 * The front desk's rules, pure so each is tested alone (docs/product/roles.md "front desk",
 * docs/decisions.md "The front desk and the kiosk").
 */

/** The spec's words on the front desk (docs/product/messages.md). */
export const FRONT_DESK_MESSAGES = {
  noCustomer: 'No customer',
  noRequest: 'No request',
  chooseStaff: 'Please choose a staff',
  reasonNeeded: 'Say why the order changes: the turn history keeps it.',
} as const;

export type Sheet = SheetView;

/** One card of the Sign-in Sheets block: a person alone, or a party shown together. */
export interface SheetCard {
  key: string;
  /** the party's people in their order, or the one person */
  sheets: Sheet[];
  party: { id: string; size: number } | null;
}

export const isServed = (s: Pick<SheetView, 'checked'>) => s.checked !== null;

/**
 * The day's sheets as cards, in order of arrival (the sheet's id breaks ties): a party's people share one card
 * where the first of them arrived, in their party order.
 */
export function sheetCards(sheets: readonly Sheet[]): SheetCard[] {
  const ordered = [...sheets].sort((a, b) => a.id - b.id);
  const cards: SheetCard[] = [];
  const parties = new Map<string, SheetCard>();
  for (const s of ordered) {
    if (!s.party) {
      cards.push({ key: `sheet-${s.id}`, sheets: [s], party: null });
      continue;
    }
    let card = parties.get(s.party.id);
    if (!card) {
      card = { key: `party-${s.party.id}`, sheets: [], party: { id: s.party.id, size: s.party.size } };
      parties.set(s.party.id, card);
      cards.push(card);
    }
    card.sheets.push(s);
  }
  for (const c of parties.values()) c.sheets.sort((a, b) => (a.party?.index ?? 0) - (b.party?.index ?? 0) || a.id - b.id);
  return cards;
}

/** Who may serve a sheet: real staff (never the TBD entries, those without a role or archived). */
export function checkInStaff(staff: readonly EmployeeView[]): EmployeeView[] {
  return staff.filter(isRealStaff).sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
}

/** What a staff member is called on the front desk: the nickname, else the first name. */
export const deskName = (e: Pick<EmployeeView, 'nickname' | 'fname'>) => staffDisplayName(e) || 'Staff';

/** The avatar's letter when there is no picture: the first letter of the nickname or first name. */
export const avatarLetter = (e: Pick<EmployeeView, 'nickname' | 'fname'>) => (e.nickname || e.fname).trim().charAt(0).toUpperCase() || '?';

/** A sheet's staff ids ('10001, 10002') as the chosen ids of the check-in form. */
export const staffIdsOf = (s: Pick<SheetView, 'staffId'>) => s.staffId.split(',').map((x) => x.trim()).filter(Boolean);

/**
 * Why a check-in cannot be sent yet, or null. Nobody chosen is refused; a first check-in of a sheet linked to
 * an appointment takes one staff member (the appointment goes to them), and the screen says so with the
 * server's own message. Update may list several.
 */
export function checkInProblem(sheet: Pick<SheetView, 'checked' | 'appointment_id'>, chosen: readonly string[], oneStaffMessage: string): string | null {
  if (!chosen.length) return FRONT_DESK_MESSAGES.chooseStaff;
  if (!isServed(sheet) && sheet.appointment_id !== null && chosen.length > 1) return oneStaffMessage;
  return null;
}

/** The clock time of a check-in as the sheet keeps it, 'hh:mm am', in the store's zone. */
export function clockIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hour12: true }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const hour = get('hour') === '00' ? '12' : get('hour');
  return `${hour.padStart(2, '0')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`;
}

/**
 * PATCH sheet/{id}'s body: a check-in sends the staff and the time (and the note when one was written);
 * Update sends the staff and the note only, as the spec's client does.
 */
export function checkInBody(sheet: Pick<SheetView, 'checked' | 'note'>, chosen: readonly EmployeeView[], note: string, now: Date, timeZone: string) {
  const staff = { staffId: chosen.map((e) => e.id).join(', '), staff_fname: chosen.map((e) => (e.nickname || e.fname).trim() || 'Staff').join(', ') }; // stored as typed, shown with displayName
  if (isServed(sheet)) return { ...staff, note };
  return note !== sheet.note ? { ...staff, checked: clockIn(now, timeZone), note } : { ...staff, checked: clockIn(now, timeZone) };
}

/**
 * The Online Requests block: the day's APPROVED online requests (walk-ins are not requests), by start time.
 */
export function approvedRequests(day: { appointments?: AppointmentView[]; appointmentsOnline?: AppointmentView[] } | undefined): AppointmentView[] {
  if (!day) return [];
  const all = [...(day.appointmentsOnline ?? []), ...(day.appointments ?? [])];
  const seen = new Set<number>();
  return all
    .filter((a) => a.status === 'APPROVED' && a.customerId > 0 && !a.sheetId)
    .filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)))
    .sort((a, b) => a.startMin - b.startMin || a.id - b.id);
}

/** A turn list after one name moves from `from` to `to` (positions in the list). */
export function moveTurn(list: readonly string[], from: number, to: number): string[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [name] = next.splice(from, 1);
  next.splice(to, 0, name);
  return next;
}

/** A reason for a manual move, trimmed; too short to mean anything is refused. */
export function reasonProblem(reason: string): string | null {
  return reason.trim().length < 3 ? FRONT_DESK_MESSAGES.reasonNeeded : null;
}

/** The services a sheet asked for ('Gel Manicure, Pedicure') as the store's service ids, for 'Suggest next'. */
export function serviceIdsOf(asked: string, services: readonly { id: number; name: string }[]): number[] {
  const names = asked.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  return services.filter((s) => names.includes(s.name.trim().toLowerCase())).map((s) => s.id);
}
