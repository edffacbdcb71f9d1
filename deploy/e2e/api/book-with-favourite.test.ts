/**
 * Book with favourite through the gateway (ruling 5; docs/decisions.md "Book with favourite"): a staff member
 * who takes no online requests is offered, and may be requested, only by the customer whose favourite they are
 * with book-with-favourite on, once that customer's phone is verified. The owner sets it on the customer
 * record (customers), scheduling learns it from the customer's event, and the availability and the request
 * follow. At a store of its own (the own lane), so the demo store's staff and calendar stay as they were.
 */
import { api, uniqueEmail, must } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { textedCode } from '../src/dev-texts';
import { newGuest, uniquePhone } from '../src/guest';
import { activateByMail } from '../src/steps';

/** A customer as the product makes one: registered, activated by mail, signed in, phone verified by text. */
async function verifiedCustomer(): Promise<{ userId: number; phone: string; token: string }> {
  const email = uniqueEmail('fav-fan');
  const password = 'Fav-fan-pass-42';
  const phone = uniquePhone();
  const reg = await must('POST', 'register', { email, password, password_confirmation: password, fname: 'fay', lname: 'fan', phone, role: 'customer', term: 'agreed' });
  await activateByMail(email);
  const signedIn = (await must('POST', 'login', { email, password })).access_token as string;
  const userId = reg.user.id as number;
  await must('POST', `user/${userId}/phone-code`, undefined, signedIn);
  const token = (await must('POST', `user/${userId}/phone-verification`, { code: await textedCode(phone) }, signedIn)).access_token as string;
  return { userId, phone, token };
}

let store: BookableStore;
let favourite: number;
let date: string;
beforeAll(async () => {
  store = await bookableStore('fav', 'America/New_York');
  favourite = (await must('POST', 'staff', { hasAccount: 'noAccount', nickname: `fav${store.staff.id}`, storeId: store.id }, store.ownerToken)).employee.id;
  await must('POST', `updateEmployeeOnlineBooking/${favourite}`, { online_booking: 'OFF' }, store.ownerToken);
  date = new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone }).format(Date.now() + 3 * 86_400_000);
}, 120_000);

const availability = (customerId: number, token?: string) =>
  api('GET', `availability/${store.id}/${date}?serviceIds=${store.service.id}&staffId=${favourite}&customerId=${customerId}`, undefined, token);
const freeStarts = (res: { body: { slots: Array<{ free: boolean; start: string }> } }) => res.body.slots.filter((s) => s.free).map((s) => s.start);
const end30 = (start: string) => {
  const [, h, m, ap] = /^(\d\d):(\d\d) ([ap]m)$/.exec(start)!;
  const total = ((Number(h) % 12) + (ap === 'pm' ? 12 : 0)) * 60 + Number(m) + 30;
  const hh = Math.floor(total / 60);
  return `${String(hh % 12 || 12).padStart(2, '0')}:${String(total % 60).padStart(2, '0')} ${hh < 12 ? 'am' : 'pm'}`;
};

describe('book with favourite (ruling 5)', () => {
  it("when the owner makes a staff member who takes no online requests a customer's favourite with book-with-favourite on, then that customer alone is offered them and may request them; a visitor may not", async () => {
    const fan = await verifiedCustomer();
    const customerId = (await must('POST', 'customer', { storeId: store.id, fname: 'fay', lname: 'fan', phone: fan.phone }, fan.token)).customer.id as number;
    // not their favourite yet: not offered, even to them
    expect(freeStarts(await availability(customerId, fan.token))).toEqual([]);
    const staffList = (await must('GET', `public_getStaffsByStoreId/${store.id}`)).employees as Array<{ id: number; online_booking: string }>;
    expect(staffList.find((e) => e.id === favourite)?.online_booking).toBe('OFF');

    // customers knows the new staff member once scheduling's staff event has reached it
    let patched = await api('PATCH', `customer/${customerId}`, { fav_staffId: favourite, book_with_fav_staff: 1 }, store.ownerToken);
    for (const until = Date.now() + 10_000; patched.status === 400 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      patched = await api('PATCH', `customer/${customerId}`, { fav_staffId: favourite, book_with_fav_staff: 1 }, store.ownerToken);
    }
    expect(patched.status).toBe(200);
    // scheduling learns it from the customer's event
    let offered: string[] = [];
    for (const until = Date.now() + 15_000; !offered.length && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      offered = freeStarts(await availability(customerId, fan.token));
    }
    expect(offered.length).toBeGreaterThan(0);
    // nobody else learns whom the customer favours, or gets the staff member
    expect(freeStarts(await availability(customerId))).toEqual([]);
    const visitor = await newGuest(store.id, 'fav-visitor');
    expect(freeStarts(await availability(visitor.customerId))).toEqual([]);

    const [first, second] = offered;
    const mine = await api('POST', 'public_bookAppointmentOnline', { storeId: store.id, staffId: favourite, customerId, serviceIds: `${store.service.id}`, date, start: first, end: end30(first) }, fan.token);
    expect(mine.status).toBe(201);
    expect(mine.body.appointment).toMatchObject({ staffId: favourite, status: 'PENDING', start: first });
    const theirs = await api('POST', 'public_bookAppointmentOnline', { storeId: store.id, staffId: favourite, customerId: visitor.customerId, userId: visitor.userId, serviceIds: `${store.service.id}`, date, start: second, end: end30(second) });
    expect(theirs.status).toBe(409);
    const day = await must('GET', `getAppointmentsByStoreIdAndDate/${store.id}/${date}`, undefined, store.ownerToken);
    const ids = [...day.appointments, ...day.appointmentsNull, ...day.appointmentsOnline].filter((a: { staffId: number }) => a.staffId === favourite).map((a: { id: number }) => a.id);
    expect(ids).toEqual([mine.body.appointment.id]);
  }, 120_000);
});
