import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import { formatTime12, toMinutes } from '@turnbook/domain/hours/time12';
import { digitsOnly } from '@turnbook/domain/phone/phone';
import { api, isApiError } from '@turnbook/web-kit';
import { addDays, closedOn } from './booking-window';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';

/** What the customer chose: staff (8888 anyone), date, services, note and, once picked, a start time. */
export interface RequestDraft {
  staffId: number;
  date: string;
  serviceIds: number[];
  note: string;
  /** the card saved on file when the store asks every request for one (docs/product/deposits.md) */
  cardOnFile?: string;
}

export interface TimesAnswer {
  duration: number;
  slots: AvailabilitySlot[];
}

/** The free start times online (the engine leaves out anything the customer may not book). */
export async function searchTimes(storeId: number, draft: RequestDraft, extra: { customerId?: number; appointmentId?: number } = {}): Promise<TimesAnswer> {
  const res = await api.get('GET availability/{storeId}/{date}', { storeId, date: draft.date }, {
    query: {
      serviceIds: draft.serviceIds.join(','),
      staffId: draft.staffId === ONLINE_COLUMN ? undefined : draft.staffId,
      customerId: extra.customerId,
      appointmentId: extra.appointmentId,
    },
  });
  return { duration: res.duration, slots: res.slots.filter((s) => s.free) };
}

/** Days asked at once while looking for the next day with times (a closed or full week costs two rounds). */
const NEXT_DAY_BATCH = 4;

/**
 * The first day after the draft's with a free start for the same choices, up to `lastDate` (the online
 * window's last day, in the store's zone); days the store's hours close are not asked. Null when none.
 */
export async function nextDayWithTimes(
  storeId: number,
  draft: RequestDraft,
  lastDate: string,
  extra: Parameters<typeof searchTimes>[2] = {},
  hours?: Record<string, string> | null,
): Promise<{ date: string; times: TimesAnswer } | null> {
  const days: string[] = [];
  for (let d = addDays(draft.date, 1); d <= lastDate; d = addDays(d, 1)) if (!closedOn(hours, d)) days.push(d);
  for (let i = 0; i < days.length; i += NEXT_DAY_BATCH) {
    const batch = days.slice(i, i + NEXT_DAY_BATCH);
    const answers = await Promise.all(batch.map((date) => searchTimes(storeId, { ...draft, date }, extra)));
    const k = answers.findIndex((a) => a.slots.length > 0);
    if (k >= 0) return { date: batch[k], times: answers[k] };
  }
  return null;
}

/** '10:45 am' for a start and a length in minutes. */
export const endOf = (start: string, duration: number) => formatTime12((toMinutes(start) ?? 0) + duration);

/** The request's fields, the same in the one call and the spec's call: store, choices, slot, who asks, PENDING. */
function requestBody(
  store: Pick<PublicStoreView, 'id' | 'name' | 'email'>,
  draft: RequestDraft,
  slot: { start: string; duration: number },
  who: { userId: number; email: string; guest: boolean },
) {
  return {
    storeId: store.id,
    storeName: store.name,
    storeEmail: store.email,
    staffId: draft.staffId,
    serviceIds: draft.serviceIds.join(','),
    appointmentId: null,
    date: draft.date,
    start: slot.start,
    end: endOf(slot.start, slot.duration),
    note: draft.note.trim(),
    createdBy: who.userId,
    modifiedBy: who.userId,
    status: 'PENDING' as const,
    email: who.email,
    userId: who.guest ? who.userId : undefined,
    ...(draft.cardOnFile ? { cardOnFile: draft.cardOnFile } : {}),
  };
}

/** A customer's names and email as the store keeps them (trimmed, lower case; no email is null). */
const storedNames = (person: { fname: string; lname: string; email: string }) => ({
  fname: person.fname.trim().toLowerCase(),
  lname: person.lname.trim().toLowerCase(),
  email: person.email.trim().toLowerCase() || null,
});

/**
 * The request, PENDING, in one call: the server finds the store's customer with the account's phone or makes
 * one tied to the account, then books the request. A taken slot answers 409 (`slotTaken`) with the message
 * the modal shows; the key makes a resent call write once. The spec's calls (the customer, then the
 * request) remain for services that predate it.
 */
export async function sendRequest(
  store: Pick<PublicStoreView, 'id' | 'name' | 'email'>,
  draft: RequestDraft,
  slot: { start: string; duration: number },
  who: { userId: number; email: string; guest: boolean; person: { fname: string; lname: string; email: string; phone: string } },
) {
  try {
    return await requestInOneCall(store, draft, slot, who);
  } catch (e) {
    // Services older than the one call (this page shipped ahead of them) do not know it: the spec's two calls.
    if (!isApiError(e) || e.status !== 404) throw e;
  }
  const customerId = await customerIdAt(store.id, who.person, who.guest ? who.userId : undefined);
  return bookRequest(store, draft, slot, { customerId, userId: who.userId, email: who.email, guest: who.guest });
}

async function requestInOneCall(
  store: Pick<PublicStoreView, 'id' | 'name' | 'email'>,
  draft: RequestDraft,
  slot: { start: string; duration: number },
  who: { userId: number; email: string; guest: boolean; person: { fname: string; lname: string; email: string } },
) {
  const { appointment } = await api.post('POST public_requestAppointment', {
    ...requestBody(store, draft, slot, who),
    customer: storedNames(who.person),
  }, undefined, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  return appointment;
}

/** The store's customer record for this phone, created (and tied to the account) when there is none (POST customer finds one by phone too). */
export async function customerIdAt(
  storeId: number,
  person: { fname: string; lname: string; email: string; phone: string },
  guestUserId?: number,
): Promise<number> {
  const phone = digitsOnly(person.phone);
  // The lookup answers only a signed-in customer's own verified phone; a guest's POST customer finds or creates.
  if (guestUserId === undefined) {
    const found = await api.get('GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', { storeId, phone });
    if (found.customers[0]) return found.customers[0].id;
  }
  const created = await api.post('POST customer', { storeId, ...storedNames(person), phone, userId: guestUserId });
  return created.customer.id;
}

/** The request itself, PENDING. A taken slot answers 409 (`slotTaken`) with the message the modal shows. */
export async function bookRequest(
  store: Pick<PublicStoreView, 'id' | 'name' | 'email'>,
  draft: RequestDraft,
  slot: { start: string; duration: number },
  who: { customerId: number; userId: number; email: string; guest: boolean },
) {
  const { appointment } = await api.post('POST public_bookAppointmentOnline', { ...requestBody(store, draft, slot, who), customerId: who.customerId });
  return appointment;
}

/** The signed-in customer's account (for their phone, names and email). */
export const myAccount = async (userId: string): Promise<PublicUser> => (await api.get('GET user/{id}', { id: userId })).user;
