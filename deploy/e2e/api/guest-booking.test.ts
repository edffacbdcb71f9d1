/**
 * Guest booking through the gateway (docs/product/guest-booking.md): a visitor registers on the demo
 * store's page, is made a customer by phone with the new account, asks for time and logs the request,
 * all without a token; the request is tied to that account, and another visitor can neither book for
 * that customer nor write into that request's history.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { api, must } from '../src/api';
import { newGuest, type Guest } from '../src/guest';
import demoLogins from '../../local/demo-logins.json';

const desk = demoLogins.find((l) => l.role.startsWith('store login'))!;
const tag = randomBytes(3).toString('hex');

type Visitor = Guest;

let storeId: number;
let serviceId: number;
/** An open day a few days ahead with its free 'anyone' starts. */
let day: { date: string; starts: string[]; end: (start: string) => string };

const newVisitor = () => newGuest(storeId, `g${tag}`);

const book = (v: Pick<Visitor, 'userId' | 'customerId'>, start: string) =>
  api('POST', 'public_bookAppointmentOnline', { storeId, staffId: 8888, customerId: v.customerId, userId: v.userId, serviceIds: `${serviceId}`, date: day.date, start, end: day.end(start) });

beforeAll(async () => {
  storeId = (await must('POST', 'storeLogin', { username: desk.login, password: desk.password })).store.id;
  const { services } = await must('GET', `public_getExternalServicesByStoreId/${storeId}`, undefined);
  serviceId = services[0].id;
  for (let ahead = 3; ahead < 17 && !day; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const got = await must('GET', `availability/${storeId}/${date}?serviceIds=${serviceId}&mode=online`, undefined);
    const starts = got.slots.filter((s: { free: boolean }) => s.free);
    if (starts.length >= 3) {
      const endOf = new Map<string, string>(starts.map((s: { start: string; startMin: number }) => [s.start, minutesTo12(s.startMin + got.duration)]));
      day = { date, starts: starts.map((s: { start: string }) => s.start), end: (start) => endOf.get(start)! };
    }
  }
  if (!day) throw new Error('no open day with free online times in the next two weeks');
}, 60_000);

function minutesTo12(min: number): string {
  const h = Math.floor(min / 60) % 24;
  const m = min % 60;
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

describe('guest booking without a token, tied to the account registered in the flow', () => {
  it('when a visitor registers, becomes a customer and asks for time, then the request is accepted and its log entry too', async () => {
    const v = await newVisitor();
    const res = await book(v, day.starts.at(-1)!);
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: 'PENDING', customerId: v.customerId, date: day.date });
    const log = await api('POST', 'public_createLog', { storeId, appointmentId: res.body.appointment.id, text: 'Online request', userId: v.userId });
    expect(log.status).toBe(201);
    expect(log.body).toEqual({ log: { id: expect.any(Number) } });
  });

  it("when another visitor books for that customer or logs on that request, then it is refused", async () => {
    const owner = await newVisitor();
    const other = await newVisitor();
    const mine = await book(owner, day.starts.at(-2)!);
    expect(mine.status).toBe(201);
    const forBooking = await book({ userId: other.userId, customerId: owner.customerId }, day.starts.at(-3)!);
    expect(forBooking.status).toBe(400);
    expect(forBooking.body).toMatchObject({ field: 'customerId', message: MESSAGES.useYourAccountPhone });
    const forged = await api('POST', 'public_createLog', { storeId, appointmentId: mine.body.appointment.id, text: 'Cancelled by the customer', userId: other.userId });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('appointmentId');
  });

  it('when a request names no account, then it is refused before anything is written', async () => {
    const v = await newVisitor();
    const res = await book({ userId: undefined as unknown as number, customerId: v.customerId }, day.starts.at(-3)!);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'userId', message: MESSAGES.accountRequired });
  });
});
