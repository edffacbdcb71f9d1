import type { Browser, Locator, Page } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot, VIEWPORTS } from '../src/browser';
import { waitForMail } from '../src/mailbox';
import { dayIn, opensOn } from '../src/open-days';

// Issue 31 item 9: the public booking page as a storefront a customer would choose (services with prices
// first, staff with initials, a strip of days with times, times by part of the day, a review, the booking
// repeated on the thank-you and in the mail with a calendar file). Item 24: the modal's buttons in view.

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

const PERMALINK = 'lotus-nail-spa';
const PASSWORD = 'Plum-tiger-harbor-42';

interface Store { id: number; timezone: string; hours: Record<string, string> }
interface Service { id: number; name: string; duration: number; price: number }

async function publicStore(): Promise<{ store: Store; services: Service[] }> {
  const store = (await api('GET', `public_getStoreByPermalink/${PERMALINK}`)).body.stores[0] as Store;
  return { store, services: (await api('GET', `public_getExternalServicesByStoreId/${store.id}`)).body.services };
}

const money = (n: number) => `$${n.toFixed(2)}`;
/** 'Monday, December 7': how a day's card names its date. */
const dayName = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The element's bottom edge is on screen (not below the fold of the page or the modal). */
async function inView(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(box.y).toBeGreaterThanOrEqual(0);
}

/** The free starts the engine offers for `service` on `date` (what the day's card counts). */
async function freeStarts(store: Store, service: Service, date: string): Promise<number> {
  return ((await api('GET', `availability/${store.id}/${date}?serviceIds=${service.id}`)).body.slots as Array<{ free: boolean }>).filter((s) => s.free).length;
}

describe.each(['phone', 'laptop'] as Array<keyof typeof VIEWPORTS>)('the booking storefront on a %s', (viewport) => {
  it('when a customer lands, books a service from the menu on a day the strip marks open, picks a grouped time and reviews, then the thank-you and the mail (with an .ics file) repeat the booking', async () => {
    const { store, services } = await publicStore();
    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    const availabilityCalls: string[] = [];
    page.on('request', (r) => void (/\/api\/availability/.test(r.url()) && availabilityCalls.push(r.url())));

    // 1. the landing: every service with its length and price, before the hours; the team with initials
    await page.goto(`/booking/${PERMALINK}`);
    const menu = page.getByRole('region', { name: 'Services' });
    await menu.getByRole('listitem').first().waitFor();
    expect(await menu.getByRole('listitem').count()).toBe(services.length);
    for (const s of services) await menu.getByRole('button', { name: `Book ${s.name}, ${s.duration} min, ${money(s.price)}` }).waitFor();
    const team = page.getByRole('region', { name: 'Our team' });
    const member = (await team.getByRole('listitem').first().textContent())!;
    expect(member).toMatch(/^[A-Z]{1,2}[A-Z]/); // initials, then the name capitalised
    await shot(page, `booking-storefront-${viewport}-landing`);

    // 2. Book on the first service: the booking opens with it chosen; the strip marks the days in one call
    const service = services[0];
    await menu.getByRole('button', { name: `Book ${service.name}, ${service.duration} min, ${money(service.price)}` }).click();
    const choices = page.getByRole('dialog', { name: 'Book an appointment' });
    expect(await choices.getByRole('checkbox', { name: new RegExp(`^${escapeRe(service.name)} · `, 'i') }).getAttribute('aria-checked')).toBe('true');
    const strip = choices.getByRole('radiogroup', { name: 'Day' });
    await strip.getByRole('radio', { name: /: \d+ times?$/ }).first().waitFor();
    // the store is closed on Sundays: three weeks always hold one, marked Closed
    const sunday = Array.from({ length: 21 }, (_, i) => dayIn(store.timezone, i)).find((d) => !opensOn(store, d))!;
    await strip.getByRole('radio', { name: `${dayName(sunday)}: Closed` }).waitFor();
    expect(availabilityCalls.filter((u) => u.includes('/api/availabilityDays/'))).toHaveLength(1);
    expect(availabilityCalls.filter((u) => /\/api\/availability\/\d/.test(u))).toHaveLength(0);
    // the first open day from tomorrow on whose card shows times; the count is the engine's
    let date = '';
    let count = 0;
    for (let ahead = 1; ahead < 21 && !date; ahead++) {
      const d = dayIn(store.timezone, ahead);
      if (!opensOn(store, d)) continue;
      const card = strip.getByRole('radio', { name: new RegExp(`^${dayName(d)}: \\d+ times?$`) });
      if ((await card.count()) === 1) [date, count] = [d, Number(/: (\d+)/.exec((await card.getAttribute('aria-label'))!)![1])];
    }
    expect(date).not.toBe('');
    expect(count).toBe(await freeStarts(store, service, date));
    await strip.getByRole('radio', { name: new RegExp(`^${dayName(date)}: `) }).click();
    expect(await choices.getByLabel('Date').inputValue()).toBe(date);
    await shot(page, `booking-storefront-${viewport}-choices`);
    await inView(page, choices.getByRole('button', { name: 'Search' }));

    // 3. times grouped by part of the day, with Next on screen however many there are (item 24)
    await choices.getByRole('button', { name: 'Search' }).click();
    const times = page.getByRole('dialog', { name: 'Choose a time' });
    const group = times.getByRole('radiogroup', { name: /^Available times on/ });
    await group.waitFor();
    const parts = await group.getByRole('group').evaluateAll((gs) => gs.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((p) => ['Morning', 'Afternoon', 'Evening'].includes(p ?? ''))).toBe(true);
    expect(await group.getByRole('radio').count()).toBe(count);
    const chip = times.getByRole('group', { name: parts[parts.length - 1]! }).getByText(/^\d\d:\d\d [ap]m$/).first();
    const start = (await chip.textContent())!;
    await chip.click();
    await inView(page, times.getByRole('button', { name: 'Next' }));
    await shot(page, `booking-storefront-${viewport}-times`);
    await times.getByRole('button', { name: 'Next' }).click();

    // 4. the account, then the review with everything the request carries
    const email = uniqueEmail(`storefront-${viewport}`);
    const phone = `484${String(Date.now()).slice(-7)}`;
    const form = page.getByRole('form', { name: 'Your account' });
    await form.getByRole('textbox', { name: /Email/ }).fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByRole('textbox', { name: /First name/ }).fill('sofia');
    await form.getByRole('textbox', { name: /Last name/ }).fill('storefront');
    await form.getByRole('textbox', { name: /Phone/ }).pressSequentially(phone);
    await form.getByRole('button', { name: 'Next' }).click();
    const review = page.getByRole('dialog', { name: 'Review your request' });
    const table = review.getByRole('table', { name: 'Your request' });
    await table.waitFor();
    const summary = (await table.textContent())!;
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    for (const part of [`${service.duration} min · ${money(service.price)}`, 'Anyone available', new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long' }), `${start} - `, 'Sofia Storefront', formatted, email]) {
      expect(summary).toContain(part);
    }
    expect(summary.toLowerCase()).toContain(service.name.toLowerCase());
    await inView(page, review.getByRole('button', { name: 'Submit' }));
    await shot(page, `booking-storefront-${viewport}-review`);

    // 5. Submit: the thank-you repeats the booking
    const booked = page.waitForResponse((r) => r.url().endsWith('/api/public_requestAppointment'));
    await review.getByRole('button', { name: 'Submit' }).click();
    const request = (await (await booked).json()).appointment as { id: number; date: string; start: string; status: string };
    expect([request.date, request.start, request.status]).toEqual([date, start, 'PENDING']);
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you! Your request has been submitted. We will review and get back to you soon.' });
    expect(await thanks.getByRole('table', { name: 'Your request' }).textContent()).toBe(summary);
    await shot(page, `booking-storefront-${viewport}-thanks`);

    // 6. the mail repeats it and carries the calendar file
    const mail = await waitForMail(email, /received your request/i);
    expect(mail.text).toContain(`Service: ${service.name}, ${service.duration} min, ${money(service.price)}`);
    expect(mail.text).toContain(`Price: ${money(service.price)}`);
    const ics = mail.attachments?.find((a) => a.filename === 'appointment.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const calendar = ics!.content.replace(/\r\n[ \t]/g, '');
    expect(calendar).toContain(`UID:request-${request.id}@turnbook`);
    expect(calendar).toMatch(new RegExp(`DTSTART:${date.replace(/-/g, '')}T\\d{6}Z`));
    expect(calendar).toContain('STATUS:TENTATIVE');
    // the dev mailbox shows the file as a download
    await page.goto('/dev/mailbox');
    await page.getByRole('link', { name: 'appointment.ics' }).first().waitFor();
    await ctx.close();
  }, 240_000);
});
