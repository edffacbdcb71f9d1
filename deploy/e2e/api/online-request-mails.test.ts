/**
 * The request emails through the gateway (docs/decisions.md, "The request emails"): a visitor's online
 * request is mailed as received; the owner's approval, decline and suggestion of a new time are mailed too, each once,
 * to the account the request was made from, naming the store and the time as the store's wall clock with the
 * store's zone. The store is one of the test's own on Pacific time (the demo store and the machine are not),
 * so a time shown in another zone would show.
 */
import { DateTime } from 'luxon';
import { must } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { GATEWAY_URL } from '../src/browser';
import { newGuest, type Guest } from '../src/guest';
import { waitForMail } from '../src/mailbox';
import { displayName } from '@turnbook/domain/text/names';

/** Names as the mails show them: stored lower-case, capitalised (libs/domain displayName). */

const ZONE = 'America/Los_Angeles';

/** 'Monday, December 7, 2026 at 10:00 am PST': the request's date and start as booked, the zone the store's on that day. */
const storeWhen = (date: string, start: string) => {
  const day = DateTime.fromISO(`${date}T12:00`, { zone: ZONE });
  return `${day.toFormat('cccc, LLLL d, yyyy')} at ${start} ${day.offsetNameShort}`;
};

function end12(min: number): string {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** Every mail to `to` from this store (the account's activation mail left out). */
async function storeMails(to: string): Promise<Array<{ subject: string }>> {
  const res = await fetch(`${GATEWAY_URL}/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Array<{ subject: string }>).filter((m) => m.subject.startsWith(displayName(store.name)));
}

let store: BookableStore;
/** Two open days with free online starts, the second for the suggestion. */
let days: Array<{ date: string; starts: string[]; end: (start: string) => string }> = [];

beforeAll(async () => {
  store = await bookableStore('mails', ZONE);
  for (let ahead = 7; ahead < 40 && days.length < 2; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const got = await must('GET', `availability/${store.id}/${date}?serviceIds=${store.service.id}&mode=online`, undefined);
    const free = (got.slots as Array<{ start: string; startMin: number; free: boolean }>).filter((s) => s.free);
    if (free.length < 3) continue;
    const endOf = new Map(free.map((s) => [s.start, end12(s.startMin + got.duration)]));
    days.push({ date, starts: free.map((s) => s.start), end: (s) => endOf.get(s)! });
  }
  if (days.length < 2) throw new Error('no two open days with free online times');
}, 120_000);

const book = (g: Guest, staffId: number, date: string, start: string, end: string) =>
  must('POST', 'public_bookAppointmentOnline', { storeId: store.id, staffId, customerId: g.customerId, userId: g.userId, serviceIds: `${store.service.id}`, date, start, end });

describe('the emails of an online request', () => {
  it('when a visitor requests a staff member’s time and the owner declines it, then the visitor gets the received and the declined mail, each naming the store, the service, the staff and the time in the store’s zone', async () => {
    const guest = await newGuest(store.id, 'declined');
    const [day] = days;
    const start = day.starts[0];
    const request = (await book(guest, store.staff.id, day.date, start, day.end(start))).appointment as { id: number };
    const what = `${store.service.name} with ${displayName(store.staff.nickname)} on ${storeWhen(day.date, start)}`;

    const received = await waitForMail(guest.email, /received your request$/);
    expect(received.subject).toBe(`${displayName(store.name)} received your request`);
    expect(received.text).toContain(`Thank you! ${displayName(store.name)} received your request for ${what}.`);
    expect(received.text).toMatch(/See my appointments: \S+\/appointments$/m);

    expect((await must('GET', `cancelAppointment/${request.id}`, undefined, store.ownerToken)).appointment.status).toBe('CANCEL');
    const declined = await waitForMail(guest.email, /could not take your request$/);
    expect(declined.subject).toBe(`${displayName(store.name)} could not take your request`);
    expect(declined.text).toContain(`Sorry, ${displayName(store.name)} could not take your request for ${what}.`);
    expect(declined.text).toContain(`/booking/${store.permalink}`);

    expect((await storeMails(guest.email)).map((m) => m.subject).sort()).toEqual([`${displayName(store.name)} could not take your request`, `${displayName(store.name)} received your request`]);
  });

  it('when a visitor requests anyone’s time and the owner suggests another day, then the visitor gets the received mail with the asked time and the suggestion with the new one', async () => {
    const guest = await newGuest(store.id, 'suggested');
    const [day, later] = days;
    const start = day.starts.at(-1)!;
    const request = (await book(guest, 8888, day.date, start, day.end(start))).appointment as { id: number };

    const received = await waitForMail(guest.email, /received your request$/);
    expect(received.text).toContain(`Thank you! ${displayName(store.name)} received your request for ${store.service.name} with anyone available on ${storeWhen(day.date, start)}.`);

    const newStart = later.starts[1];
    const moved = (await must('POST', `suggestAppointmentTime/${request.id}`, { date: later.date, start: newStart }, store.ownerToken)).appointment;
    expect(moved).toMatchObject({ status: 'MODIFYING', date: later.date, start: newStart });
    const suggested = await waitForMail(guest.email, /suggested a new time$/);
    expect(suggested.subject).toBe(`${displayName(store.name)} suggested a new time`);
    expect(suggested.text).toContain(`${displayName(store.name)} suggested a new time for your request: ${store.service.name} with anyone available on ${storeWhen(later.date, newStart)}.`);
    expect(suggested.text).not.toContain(storeWhen(day.date, start));

    expect((await storeMails(guest.email)).map((m) => m.subject).sort()).toEqual([`${displayName(store.name)} received your request`, `${displayName(store.name)} suggested a new time`]);
  });

  it('when the owner approves a request, then the visitor gets the approval naming the store and the time in the store’s zone', async () => {
    const guest = await newGuest(store.id, 'approved');
    const [, later] = days;
    const start = later.starts.at(-1)!;
    const request = (await book(guest, store.staff.id, later.date, start, later.end(start))).appointment as { id: number };
    await waitForMail(guest.email, /received your request$/);

    expect((await must('GET', `approveAppointment/${request.id}/${guest.phone}`, undefined, store.ownerToken)).appointment.status).toBe('APPROVED');
    const approved = await waitForMail(guest.email, /approved your appointment$/);
    expect(approved.subject).toBe(`${displayName(store.name)} approved your appointment`);
    expect(approved.text).toContain(`Good news: ${displayName(store.name)} approved your appointment for ${store.service.name} with ${displayName(store.staff.nickname)} on ${storeWhen(later.date, start)}.`);
  });
});
