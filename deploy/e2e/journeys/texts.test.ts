/**
 * Texts to customers (docs/product/texts.md) on the demo store, with the recording transport: the owner
 * sends a reminder and a custom text from an appointment's Text Center (both land on /dev/texts and the
 * note gets its suffixes), a reply signed like Twilio's shows in the SMS inbox open in a second browser,
 * and a walk-in who gave a phone is texted "you're up next" when they reach the front of the line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import twilio from 'twilio';
import { api, must } from '../src/api';
import { GATEWAY_URL, launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { until as poll } from '../src/demo-booking';
import { chooseStore, login, loginAndSettle, signInToStore } from '../src/steps';
import { devTexts, waitForText } from '../src/dev-texts';
import { newGuest } from '../src/guest';
import { stack } from '../src/stack';
import { openDayAhead, type StoreWeek } from '../src/open-days';

let browser: Browser;
let ownerToken = '';
let store: { id: number; permalink: string; ownerId: number; timezone: string; hours: StoreWeek['hours'] };
const created: number[] = [];

const uniquePhone = () => `267${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const pretty = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
const dateIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone }).format(Date.now() + days * 86_400_000);
const time12 = (now = new Date()) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: store.timezone, hour: '2-digit', minute: '2-digit', hour12: true }).formatToParts(now);
  const get = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${(get('hour') === '00' ? '12' : get('hour')).padStart(2, '0')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`;
};

const signIn = (page: Page, who: string) => signInToStore(page, who, store);

/**
 * A new customer of the demo store with a phone of their own, and an appointment of theirs on the first day
 * at least `days` ahead the store opens and the staff member works (tomorrow, unless it is a Sunday or their
 * weekly day off: a staff booking then is refused, ruling 5).
 */
async function customerWithAppointment(tag: string, days = 1) {
  const staff = ((await must('GET', `getStaffsByStoreId/${store.id}`, undefined, ownerToken)).employees as { id: number; role: string; archived: boolean; dayOff?: string }[]).find((e) => e.role === 'staff' && !e.archived)!;
  const date = openDayAhead(store, days, staff);
  const phone = uniquePhone();
  const customer = (await must('POST', 'customer', { storeId: store.id, fname: 'texty', lname: tag, phone }, ownerToken)).customer as { id: number };
  const service = ((await must('GET', `getServicesByStoreId/${store.id}`, undefined, ownerToken)).services as { id: number; type: string; status: string }[]).find((s) => s.type !== 'EXTERNAL' && s.status === 'ON')!;
  const appointment = (await must('POST', 'appointment', {
    storeId: store.id, staffId: staff.id, customerId: customer.id, serviceIds: String(service.id), date, start: '04:00 pm', end: '04:30 pm', note: 'e2e texts',
  }, ownerToken)).appointment as { id: number };
  created.push(appointment.id);
  // Names are stored lowercase and shown capitalized.
  return { phone, customerId: customer.id, appointmentId: appointment.id, date, shownName: `Texty ${tag[0]!.toUpperCase()}${tag.slice(1)}` };
}

/** Twilio's webhook as Twilio sends it: form fields, signed with the auth token over the configured URL. */
async function twilioReply(from: string, to: string, body: string) {
  const run = stack();
  const secrets = JSON.parse(readFileSync(path.join(path.dirname(run.runDir), 'secrets.json'), 'utf8')) as { twilioAuthToken: string };
  const url = process.env.TWILIO_WEBHOOK_URL ?? `${run.gatewayUrl}/api/webhooks/twilio`;
  const params = { MessageSid: `SMe2e${Date.now()}${Math.floor(Math.random() * 1e6)}`, AccountSid: 'ACe2e', From: `+1${from}`, To: to, Body: body };
  const signature = twilio.getExpectedTwilioSignature(secrets.twilioAuthToken, url, params);
  return fetch(`${GATEWAY_URL}/api/webhooks/twilio`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
}

beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token;
  store = (await must('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, ownerToken)).stores[0];
}, 60_000);
afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

describe('texts', () => {
  it("when the owner sends a reminder and a custom text from an appointment's Text Center, then both reach /dev/texts and the note shows both suffixes", async () => {
    const made = await customerWithAppointment(`j${Date.now() % 100000}`);
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await signIn(page, 'owner');
    await page.goto(`/calendar/${store.permalink}?appointment=${made.appointmentId}`);
    const details = page.getByRole('dialog', { name: 'Appointment details' });
    await details.getByRole('button', { name: 'Text Center' }).click();
    const center = page.getByRole('dialog', { name: 'Text Center' });
    await center.getByText('No reminder sent yet').waitFor();
    await center.getByRole('button', { name: 'Send review' }).waitFor();
    await shot(page, 'texts-01-text-center');

    await center.getByRole('button', { name: 'Reminder' }).click();
    await center.getByText(`Reminder sent to ${pretty(made.phone)}`).waitFor();
    const reminder = await waitForText(made.phone, /a reminder of your appointment on .* at 4:00 PM/);
    expect(reminder.body).toContain('Reply STOP to opt out.');
    await center.getByText(/^Last reminder sent \d\d\/\d\d\/\d{4} /).waitFor();
    await shot(page, 'texts-02-reminder-sent');

    await center.getByRole('button', { name: 'Custom' }).click();
    await center.getByLabel('Message').fill('We have a parking spot for you by the door');
    await shot(page, 'texts-03-custom');
    await center.getByRole('button', { name: 'Send' }).click();
    await center.getByText(`Message sent to ${pretty(made.phone)}`).waitFor();
    await waitForText(made.phone, /We have a parking spot for you by the door/);

    // The suffixes arrive by event (messaging says sent, scheduling appends): the open details update.
    await center.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Appointment details' }).getByText('e2e texts - sent reminder - sent custom message').waitFor({ timeout: 20_000 });
    await shot(page, 'texts-04-note-suffixes');

    await page.goto('/dev/texts');
    await page.getByText('We have a parking spot for you by the door').first().waitFor();
    await shot(page, 'texts-05-dev-texts');
    await ctx.close();
  }, 180_000);

  it('when a customer replies to a text (signed like Twilio), then it shows in the SMS inbox open in a second browser without a reload; a forged reply is refused', async () => {
    const made = await customerWithAppointment(`r${Date.now() % 100000}`);
    // The store texts them first: a reply on the shared number goes to the store that texted that phone last.
    // Texts go only to the store's customers, and messaging learns of this new one by event: until then, 400.
    await poll('the text to the new customer', 20_000, async () => {
      const res = await api('POST', 'sendSMS', { storeId: store.id, recipient: made.phone, kind: 'custom', body: 'Your nails are ready to pick a color' }, ownerToken, { 'Idempotency-Key': crypto.randomUUID() });
      if (res.body?.code === 'recipientNotCustomer') return undefined;
      if (res.status !== 201) throw new Error(`POST sendSMS -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    });
    await waitForText(made.phone, /ready to pick a color/);
    const originator = (await must('GET', `getAllMessagesByStorePhoneNumber?storeId=${store.id}`, undefined, ownerToken)).response.originator as string;

    const second = await launch();
    try {
      const ctx = await newContext(second, 'desktop');
      const page = await ctx.newPage();
      const admin = demoLogin('admin staff');
      await login(page, admin.login, admin.password);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await chooseStore(page, { id: store.id, permalink: store.permalink, ownerId: store.ownerId });
      await page.goto(`/calendar/${store.permalink}`);
      await page.getByRole('button', { name: 'SMS inbox' }).click();
      const inbox = page.getByRole('dialog', { name: 'SMS inbox' });
      await inbox.getByText('Loading ...').or(inbox.getByText('No messages yet')).or(inbox.getByRole('region').first()).first().waitFor();
      await inbox.getByText('Loading ...').waitFor({ state: 'detached' });
      await shot(page, 'texts-06-inbox-open');

      const forged = await fetch(`${GATEWAY_URL}/api/webhooks/twilio`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
        body: new URLSearchParams({ MessageSid: 'SMforged', From: `+1${made.phone}`, To: `+${originator}`, Body: 'forged reply' }).toString(),
      });
      expect(forged.status).toBe(403);
      const signed = await twilioReply(made.phone, `+${originator}`, 'Can I come at 4:30 instead?');
      expect(signed.status).toBe(204);

      const group = inbox.getByRole('region', { name: made.shownName });
      await group.getByText('Can I come at 4:30 instead?').waitFor({ timeout: 15_000 });
      await group.getByText(pretty(made.phone)).waitFor();
      expect(await inbox.getByText('forged reply').count()).toBe(0);
      await shot(page, 'texts-07-inbox-reply');
      await ctx.close();
    } finally {
      await second.close();
    }
  }, 180_000);

  it("when the owner sends the bulk reminder for a day twice, then each appointment shows its outcome, the second press says 'already reminded' and the customer got one reminder", async () => {
    const days = 20 + Math.floor(Math.random() * 40);
    const made = await customerWithAppointment(`b${Date.now() % 100000}`, days);
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await signIn(page, 'owner');
    await page.goto(`/calendar/${store.permalink}`);
    await page.getByRole('button', { name: 'Bulk reminder' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk SMS reminder' });
    await modal.getByLabel('Day').fill(made.date);
    await modal.getByText(/^\d+ appointments? on this day\.$/).waitFor();
    await shot(page, 'texts-09-bulk-day');
    await modal.getByRole('button', { name: 'Send reminders' }).click();
    const row = modal.getByRole('table', { name: 'Reminders' }).getByRole('row', { name: new RegExp(made.shownName) });
    await row.getByText('Sent', { exact: true }).waitFor();
    await shot(page, 'texts-10-bulk-sent');
    await modal.getByRole('button', { name: 'Send reminders' }).click();
    await row.getByText('Skipped: already reminded').waitFor();
    await shot(page, 'texts-11-bulk-again');
    await waitForText(made.phone, /a reminder of your appointment/);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await devTexts(made.phone)).filter((t) => /a reminder of your appointment/.test(t.body ?? ''))).toHaveLength(1);
    await ctx.close();
  }, 180_000);

  it("when the front desk books with 'Send confirmation' on, then the new customer gets the confirmation and the note says so", async () => {
    const desk = demoLogin('store login (front desk; kiosk mode)');
    const tag = String(Date.now() % 1_000_000).padStart(6, '0');
    const phone = `267${tag}2`;
    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await loginAndSettle(page, desk.login, desk.password);
    await page.goto(`/calendar/${store.permalink}`);
    const wizard = page.getByRole('dialog');
    const next = () => wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await wizard.getByRole('button', { name: 'Individual' }).click();
    await wizard.getByRole('button', { name: 'New customer' }).click();
    await wizard.getByRole('textbox', { name: 'First name' }).fill(`Conf${tag}`);
    await wizard.getByRole('textbox', { name: 'Last name' }).fill('Desk');
    await wizard.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await next();
    await wizard.getByRole('radio', { name: /^linh$/i }).check();
    await next();
    await wizard.getByRole('checkbox', { name: /Classic Manicure/ }).check();
    await next();
    // A day the store opens (four days ahead is a Sunday when the run is on a Wednesday).
    const bookedOn = openDayAhead(store, 4);
    await wizard.getByLabel('Date').fill(bookedOn);
    const free = wizard.getByRole('radiogroup', { name: 'Start times' }).getByRole('radio', { name: /^\d\d:\d\d [ap]m$/ });
    await free.first().click();
    await next();
    await wizard.getByRole('textbox', { name: 'Notes' }).fill('e2e confirm');
    await wizard.getByRole('switch', { name: 'Send confirmation' }).check();
    await shot(page, 'texts-12-wizard-confirmation');
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await wizard.waitFor({ state: 'detached' });

    const text = await waitForText(phone, /is confirmed/);
    expect(text.body).toMatch(/^Lotus Nail Spa: your appointment on .* is confirmed/i);
    const day = (await must('GET', `getAppointmentsByStoreIdAndDate/${store.id}/${bookedOn}`, undefined, ownerToken)).appointments as { id: number; note: string; customerPhone: string }[];
    const mine = day.find((a) => a.customerPhone === phone)!;
    created.push(mine.id);
    for (const until = Date.now() + 15_000; ; await new Promise((r) => setTimeout(r, 250))) {
      const r = (await must('GET', `getAppointmentsById/${mine.id}`, undefined, ownerToken)).appointments[0] as { note: string };
      if (r.note === 'e2e confirm - send confirmation') break;
      if (Date.now() > until) throw new Error(`note is '${r.note}'`);
    }
    await ctx.close();
  }, 300_000);

  it("when the store texts on approve and the owner approves an online request, then the customer gets the approval text", async () => {
    const settings = (await must('GET', `getStoreByPermalink/${store.permalink}`, undefined, ownerToken)).stores[0].settings as Record<string, boolean>;
    if (!settings.autoTextOnApprove) await must('PATCH', `store/${store.id}`, { settings: { ...settings, autoTextOnApprove: true } }, ownerToken);
    try {
      const guest = await newGuest(store.id, 'apprv');
      const service = ((await must('GET', `public_getExternalServicesByStoreId/${store.id}`)).services as { id: number }[])[0]!;
      let requestId = 0;
      for (let ahead = 6; !requestId && ahead < 20; ahead++) {
        const date = dateIn(ahead);
        const free = await api('GET', `availability/${store.id}/${date}?serviceIds=${service.id}&mode=online`);
        const slot = ((free.body?.slots ?? []) as { start: string; startMin: number; free: boolean }[]).filter((x) => x.free).at(-1);
        if (!slot) continue;
        const end = slot.startMin + free.body.duration;
        const res = await api('POST', 'public_bookAppointmentOnline', {
          storeId: store.id, staffId: 8888, customerId: guest.customerId, userId: guest.userId, serviceIds: String(service.id), date, start: slot.start,
          end: `${String(Math.floor(end / 60) % 12 || 12).padStart(2, '0')}:${String(end % 60).padStart(2, '0')} ${end < 720 ? 'am' : 'pm'}`, note: 'e2e approve', createdBy: 0, modifiedBy: 0,
        });
        if (res.status === 201) requestId = res.body.appointment.id as number;
      }
      expect(requestId).toBeGreaterThan(0);
      created.push(requestId);

      const ctx = await newContext(browser, 'desktop');
      const page = await ctx.newPage();
      await signIn(page, 'owner');
      await page.goto(`/calendar/${store.permalink}?appointment=${requestId}`);
      const details = page.getByRole('dialog', { name: 'Appointment details' });
      await details.getByRole('button', { name: 'Approve' }).click();
      await details.getByText('APPROVED').waitFor();
      const text = await waitForText(guest.phone, /is approved/);
      expect(text.body).toMatch(/^Lotus Nail Spa: your requested appointment on .* is approved/i);
      await details.getByRole('button', { name: 'Check Out' }).waitFor();
      // The pointer is left where Approve was, over Check Out now: Mantine's hover lightens a filled button.
      await page.mouse.move(0, 0);
      await shot(page, 'texts-13-approved');
      await ctx.close();
    } finally {
      if (!settings.autoTextOnApprove) await must('PATCH', `store/${store.id}`, { settings }, ownerToken);
    }
  }, 180_000);

  it("when a walk-in who gave a phone reaches the front of the line, then they get \"you're up next\" once, shown on /dev/texts", async () => {
    const desk = demoLogin('store login (front desk; kiosk mode)');
    const kiosk = (await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' })).access_token as string;
    const settings = (await must('GET', `smsSettings/${store.id}`, undefined, ownerToken)).settings;
    if (!settings.upNextText) await must('PUT', `smsSettings/${store.id}`, { upNextText: true }, ownerToken);
    const today = dateIn(0);
    const tag = `u${Date.now() % 100000}`;
    const phone = uniquePhone();
    const ahead = (await must('POST', 'sheet', { storeId: store.id, customer_name: `ahead ${tag}`, date: today, arrived_time: time12() }, kiosk, { 'Idempotency-Key': crypto.randomUUID() })).sheet as { id: number };
    const walkIn = (await must('POST', 'sheet', { storeId: store.id, customer_name: `next ${tag}`, customer_phone: phone, date: today, arrived_time: time12() }, kiosk, { 'Idempotency-Key': crypto.randomUUID() })).sheet as { id: number };

    // Whoever earlier journeys left waiting today is served first, then the person ahead: the walk-in is at the front.
    const staff = ((await must('GET', `getStaffsByStoreId/${store.id}`, undefined, ownerToken)).employees as { id: number; nickname: string; fname: string; role: string; archived: boolean }[])
      .find((e) => e.role === 'staff' && !e.archived)!;
    const sheets = (await must('GET', `getSheetsByStoreId/${store.id}/${today}`, undefined, ownerToken)).sheets as { id: number; checked: string | null }[];
    const before = sheets.filter((s) => !s.checked && s.id < walkIn.id).map((s) => s.id).sort((a, b) => a - b);
    expect(before).toContain(ahead.id);
    for (const id of before) {
      await must('PATCH', `sheet/${id}`, { staffId: String(staff.id), staff_fname: staff.nickname || staff.fname, checked: time12() }, ownerToken);
    }
    const text = await waitForText(phone, /you're up next/);
    expect(text.body).toMatch(/^Lotus Nail Spa: you're up next!/i);

    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto('/dev/texts');
    await page.getByText(`to ${pretty(phone)}`).waitFor();
    await shot(page, 'texts-08-up-next');
    await ctx.close();
    // Once: the check-ins' events (and any redelivery of them) text the front of the line a single time.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await devTexts(phone)).filter((t) => /up next/.test(t.body ?? ''))).toHaveLength(1);
  }, 120_000);
});
