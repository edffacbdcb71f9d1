import type { Browser } from 'playwright-core';
import { must } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { launch, newContext, shot, type VIEWPORTS } from '../src/browser';
import { newGuest } from '../src/guest';
import { activateByMail, loginAndSettle } from '../src/steps';

// Issue 30 item 5: a cancel on /appointments asks first (ruling 7: an approved appointment's slot is freed at
// once, so a mis-tap cannot be undone). The answer 'Keep appointment' changes nothing; 'Cancel appointment'
// sends it: an approved one becomes 'Cancel pending', a waiting request leaves the list.

const PASSWORD = 'Guest-pass-123';

let browser: Browser;
let store: BookableStore;

beforeAll(async () => {
  browser = await launch();
  store = await bookableStore('cancelask', 'America/New_York');
});
afterAll(async () => {
  await browser?.close();
});

const time12 = (min: number) => {
  const h = Math.floor(min / 60);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};
const dateIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * 86_400_000);
/** '11/20/2026' for '2026-11-20', as a card writes its date. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/** Two requests of the guest on one day, as the booking page makes them: the first and last free starts. */
async function twoRequests(guest: { customerId: number; userId: number }, daysAhead: number) {
  const date = dateIn(daysAhead);
  const free = (await must('GET', `availability/${store.id}/${date}?serviceIds=${store.service.id}`)) as { duration: number; slots: Array<{ start: string; startMin: number; free: boolean }> };
  const open = free.slots.filter((s) => s.free);
  const made: Array<{ id: number; start: string }> = [];
  for (const slot of [open[0], open.at(-1)!]) {
    const r = await must('POST', 'public_bookAppointmentOnline', {
      storeId: store.id, staffId: 8888, customerId: guest.customerId, userId: guest.userId, serviceIds: String(store.service.id), date, start: slot.start,
      end: time12(slot.startMin + free.duration), note: 'cancel journey', createdBy: 0, modifiedBy: 0,
    });
    made.push({ id: r.appointment.id, start: r.appointment.start });
  }
  return { date, approved: made[0], pending: made[1] };
}

const statusOf = async (id: number) => {
  const r = await must('GET', `getAppointmentsById/${id}`, undefined, store.ownerToken);
  return ([...r.appointments, ...r.appointmentsNull, ...r.appointmentsOnline][0] as { status: string }).status;
};

describe.each([['tablet', 3], ['phone', 4]] as Array<[keyof typeof VIEWPORTS, number]>)('cancelling on /appointments on a %s', (viewport, daysAhead) => {
  it('when the customer taps Cancel appointment, then the page asks first; Keep appointment changes nothing, and the confirmed cancel makes an approved one Cancel pending and takes a waiting request away', async () => {
    const guest = await newGuest(store.id, `cancel${viewport}`);
    // requested as a visitor does, before the account is activated (an active account books signed in)
    const { date, approved, pending } = await twoRequests(guest, daysAhead);
    await activateByMail(guest.email);
    await must('GET', `approveAppointment/${approved.id}/${guest.phone}`, undefined, store.ownerToken);

    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    await loginAndSettle(page, guest.email, PASSWORD);
    await page.goto('/appointments');
    const cards = page.getByRole('listitem').filter({ hasText: store.name });
    const approvedCard = cards.filter({ hasText: `${usDate(date)}, ${approved.start}` });
    const pendingCard = cards.filter({ hasText: `${usDate(date)}, ${pending.start}` });
    await approvedCard.getByText('Approved', { exact: true }).waitFor();
    await pendingCard.getByText('Waiting for approval').waitFor();

    // 1. one tap on Cancel appointment only asks, in the page's words
    await approvedCard.getByRole('button', { name: /^Actions for/ }).click();
    const actions = page.getByRole('dialog', { name: 'Appointment' });
    await actions.getByRole('button', { name: 'Modify' }).waitFor();
    await shot(page, `customer-cancel-${viewport}-actions`);
    await actions.getByRole('button', { name: 'Cancel appointment' }).click();
    await actions.getByText('Do you want to cancel this appointment?').waitFor();
    await actions.getByText(/Its time slot is freed at once, and the store will confirm the cancellation/).waitFor();
    await shot(page, `customer-cancel-${viewport}-asks`);
    expect(await statusOf(approved.id)).toBe('APPROVED');

    // 2. Keep appointment: back to the actions, nothing sent
    await actions.getByRole('button', { name: 'Keep appointment' }).click();
    await actions.getByRole('button', { name: 'Modify' }).waitFor();
    expect(await statusOf(approved.id)).toBe('APPROVED');

    // 3. confirmed: the approved appointment waits for the store's answer, its slot freed
    await actions.getByRole('button', { name: 'Cancel appointment' }).click();
    await actions.getByRole('button', { name: 'Cancel appointment' }).click();
    await actions.getByText(/Your cancellation was sent/).waitFor();
    await actions.getByRole('button', { name: 'Close' }).click();
    await approvedCard.getByText('Cancel pending').waitFor();
    expect(await statusOf(approved.id)).toBe('REQUEST CANCEL');

    // 4. a waiting request asks too, and is gone once confirmed
    await pendingCard.getByRole('button', { name: /^Actions for/ }).click();
    await actions.getByRole('button', { name: 'Cancel appointment' }).click();
    await actions.getByText(/Your request is cancelled at once/).waitFor();
    await shot(page, `customer-cancel-${viewport}-asks-request`);
    expect(await statusOf(pending.id)).toBe('PENDING');
    await actions.getByRole('button', { name: 'Cancel appointment' }).click();
    await actions.getByText('Your appointment was cancelled.').waitFor();
    await actions.getByRole('button', { name: 'Close' }).click();
    await pendingCard.waitFor({ state: 'detached' });
    expect(await statusOf(pending.id)).toBe('CANCEL');
    await shot(page, `customer-cancel-${viewport}-after`);
    await ctx.close();
  }, 180_000);
});
