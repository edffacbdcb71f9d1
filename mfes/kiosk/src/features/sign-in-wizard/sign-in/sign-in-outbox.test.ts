import { configureApi, useSession } from '@turnbook/web-kit';
import { newKey, OUTBOX_KEY, SignInOutbox, type SignIn } from './sign-in-outbox';

const tokenWith = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const KIOSK = tokenWith({ kind: 'kiosk', storeId: 4 });
const DESK = tokenWith({ kind: 'store', storeId: 4 });

interface Call {
  method: string;
  url: string;
  key: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A server that keeps its writes and answers a repeated Idempotency-Key with the first answer, as
 * scheduling does; `drop` loses the answer of chosen calls after the write (the network went down on the way
 * back). POST sheets/sign-in finds or makes a walk-in's customer by phone and name, books the walk-in and
 * writes the sheet. `older`: services that predate that call (it answers 404); they take the spec's calls
 * (POST customer, POST appointment, POST sheet).
 */
function fakeServer(opts: { drop?: (call: Call, n: number) => 'before' | 'after' | null; older?: boolean; found?: object[] } = {}) {
  const calls: Call[] = [];
  const answers = new Map<string, unknown>();
  const appointments: Record<string, unknown>[] = [];
  const sheets: Record<string, unknown>[] = [];
  const customers: string[] = [];
  configureApi({
    onSessionExpired: () => {},
    fetch: (async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: Call = { method: init?.method ?? 'GET', url, key: headers['Idempotency-Key'], body: init?.body ? JSON.parse(String(init.body)) : {} };
      calls.push(call);
      const drop = opts.drop?.(call, calls.filter((c) => c.url === url).length);
      if (drop === 'before') throw new TypeError('Failed to fetch');
      let answer: unknown;
      if (call.key && answers.has(call.key)) answer = answers.get(call.key);
      else if (url === '/api/sheets/sign-in' && opts.older) return { ok: false, status: 404, text: async () => '{"message":"Not found","code":"notFound"}' } as Response;
      else if (url === '/api/customer') {
        customers.push(`${(call.body as { phone: string }).phone} ${(call.body as { fname: string }).fname} ${(call.body as { lname: string }).lname}`);
        answer = { customer: { id: 70 } };
      } else if (url === '/api/appointment') {
        appointments.push(call.body);
        answer = { appointment: { id: 500 + appointments.length } };
      } else if (url === '/api/sheet') {
        sheets.push(call.body);
        answer = { sheet: { id: 900 + sheets.length, checked: null }, queue: { place: sheets.length, waitMinutes: 15 * sheets.length } };
      } else if (url.startsWith('/api/searchCustomerByNameAndPhone/')) answer = { customers: opts.found ?? [] };
      else if (url === '/api/sheets/sign-in') {
        const { walkIn, ...sheet } = call.body as { walkIn?: { customer: { fname: string; lname: string; phone: string } } & Record<string, unknown> } & Record<string, unknown>;
        let customerId: number | null = null;
        let appointmentId = (sheet.appointment_id as number | null) ?? null;
        if (walkIn) {
          const who = `${walkIn.customer.phone} ${walkIn.customer.fname} ${walkIn.customer.lname}`;
          if (!customers.includes(who)) customers.push(who);
          customerId = 70 + customers.indexOf(who);
          appointments.push({ ...walkIn, customerId });
          appointmentId = 500 + appointments.length;
        }
        sheets.push({ ...sheet, appointment_id: appointmentId });
        answer = { sheet: { id: 900 + sheets.length, checked: null }, queue: { place: sheets.length, waitMinutes: 15 * sheets.length }, appointmentId, customerId };
      } else return { ok: false, status: 404, text: async () => '{"message":"Not Found"}' } as Response;
      if (call.key) answers.set(call.key, answer);
      if (drop === 'after') throw new TypeError('Failed to fetch');
      return { ok: true, status: 201, text: async () => JSON.stringify(answer) } as Response;
    }) as typeof fetch,
  });
  return { calls, appointments, sheets, customers };
}

function walkInParty(size: number): SignIn {
  return {
    id: newKey(),
    storeId: 4,
    walkIn: true,
    customer: { fname: 'ana', lname: 'lee', phone: '2155550123' },
    customerId: null,
    customerName: 'Ana Lee',
    date: '2026-11-23',
    arrived: '10:07 am',
    people: Array.from({ length: size }, (_, i) => ({
      index: i + 1, appointmentKey: newKey(), sheetKey: newKey(), serviceIds: [3], serviceNames: ['Manicure'],
      start: '10:00 am', end: '10:30 am', staffByCustomer: '', appointmentId: null, sheetId: null, queue: null,
    })),
    state: 'sending',
    error: null,
  };
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().setSession({ access_token: KIOSK, store_id: '4' });
});
afterEach(() => {
  jest.useRealTimers();
  useSession.getState().clearSession();
});

describe('the sign-in outbox', () => {
  it('when a party of 3 walks in, then each person is one sign-in call that books a PENDING walk-in for the party\'s customer and writes a sheet of the party, and the place in line comes back', async () => {
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    const party = walkInParty(3);
    outbox.add(party);
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(Array(3).fill('POST /api/sheets/sign-in'));
    expect(server.calls.map((c) => c.key)).toEqual(party.people.map((p) => p.sheetKey));
    expect(server.customers).toEqual(['2155550123 ana lee']);
    expect(server.appointments).toHaveLength(3);
    expect(server.calls[0].body.walkIn).toEqual({ customer: { fname: 'ana', lname: 'lee', phone: '2155550123' }, serviceIds: '3', start: '10:00 am', end: '10:30 am' });
    expect(server.sheets.map((s) => s.party)).toEqual([1, 2, 3].map((index) => ({ id: party.id, size: 3, index })));
    expect(server.sheets.map((s) => s.appointment_id)).toEqual([501, 502, 503]);
    expect(server.sheets[1]).toMatchObject({ customer_name: 'Ana Lee (2 of 3)', customer_phone: '2155550123', service_by_customer: 'Manicure', arrived_time: '10:07 am' });
    const done = outbox.get(party.id)!;
    expect(done.state).toBe('done');
    expect(done.customerId).toBe(70);
    expect(done.people.map((p) => p.appointmentId)).toEqual([501, 502, 503]);
    expect(done.people[0].queue).toEqual({ place: 1, waitMinutes: 15 });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('when the network drops after the server wrote the sign-in, then the retry sends the same Idempotency-Key and nothing is written twice', async () => {
    jest.useFakeTimers();
    // The first call never leaves the tablet; the second lands but its answer is lost.
    const server = fakeServer({ drop: (_call, n) => (n === 1 ? 'before' : n === 2 ? 'after' : null) });
    const outbox = new SignInOutbox(localStorage);
    const party = walkInParty(1);
    outbox.add(party);
    await jest.advanceTimersByTimeAsync(0);
    expect(outbox.get(party.id)!.state).toBe('sending');
    // Kept on the tablet while unsent, so a reload loses nothing.
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)[0].id).toBe(party.id);

    await jest.advanceTimersByTimeAsync(1_000); // retried and written; the answer lost
    await jest.advanceTimersByTimeAsync(2_000); // retried with its key: the first answer
    expect(server.calls).toHaveLength(3);
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set([party.people[0].sheetKey]));
    expect(server.appointments).toHaveLength(1);
    expect(server.sheets).toHaveLength(1);
    expect(outbox.get(party.id)).toMatchObject({ state: 'done', people: [{ appointmentId: 501, sheetId: 901, queue: { place: 1, waitMinutes: 15 } }] });
  });

  it('when a send fails for a reason worth retrying, then the outbox says the tablet is offline and counts the sign-ins waiting; once they land, neither', async () => {
    jest.useFakeTimers();
    let online = false;
    fakeServer({ drop: () => (online ? null : 'before') });
    const outbox = new SignInOutbox(localStorage);
    expect([outbox.offline(), outbox.waiting()]).toEqual([false, 0]);
    outbox.add(walkInParty(1));
    outbox.add(walkInParty(2));
    await jest.advanceTimersByTimeAsync(0);
    expect([outbox.offline(), outbox.waiting()]).toEqual([true, 2]);
    online = true;
    await jest.advanceTimersByTimeAsync(1_000);
    expect([outbox.offline(), outbox.waiting()]).toEqual([false, 0]);
  });

  it('when the browser says it is offline, then no call is tried (the thank-you says offline at once) until it is online again', async () => {
    jest.useFakeTimers();
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const server = fakeServer();
      const outbox = new SignInOutbox(localStorage);
      outbox.add(walkInParty(2));
      await jest.advanceTimersByTimeAsync(4_000);
      expect([server.calls.length, outbox.offline(), outbox.waiting()]).toEqual([0, true, 1]);

      onLine.mockReturnValue(true);
      await outbox.flush(); // what the page's 'online' listener does
      expect([server.sheets.length, outbox.offline(), outbox.waiting()]).toEqual([2, false, 0]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('when the tablet reloads with a sign-in unsent, then a new outbox resumes it from where it stopped, with the same keys', async () => {
    let online = false;
    const server = fakeServer({ drop: () => (online ? null : 'before') });
    const first = new SignInOutbox(localStorage);
    const party = walkInParty(2);
    first.add(party);
    await first.flush();
    expect(server.sheets).toHaveLength(0);

    online = true;
    const second = new SignInOutbox(localStorage);
    expect(second.pending().map((s) => s.id)).toEqual([party.id]);
    await second.flush();
    expect(server.sheets).toHaveLength(2);
    // the try before the reload (lost), then each person, with the keys fixed at Sign In
    expect(server.calls.map((c) => c.key)).toEqual([party.people[0].sheetKey, ...party.people.map((p) => p.sheetKey)]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('when someone with an appointment signs in, then the call writes only a sheet linked to that appointment', async () => {
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    const express: SignIn = { ...walkInParty(1), walkIn: false };
    express.people[0].appointmentId = 321;
    outbox.add(express);
    await outbox.flush();
    expect(server.calls[0].body).not.toHaveProperty('walkIn');
    expect(server.appointments).toHaveLength(0);
    expect(server.sheets).toEqual([expect.objectContaining({ appointment_id: 321, party: { id: express.id, size: 1, index: 1 } })]);
  });

  it('when a walk-in\'s appointment was written but not its sheet (the spec\'s calls, interrupted, or an earlier page), then the one call sends only the sheet, linked to it', async () => {
    const server = fakeServer();
    const party = walkInParty(2);
    party.people[0] = { ...party.people[0], appointmentId: 480, sheetId: 880, queue: { place: 1, waitMinutes: 0 } };
    party.people[1].appointmentId = 481;
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([party]));
    await new SignInOutbox(localStorage).flush();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].body).not.toHaveProperty('walkIn');
    expect(server.sheets).toEqual([expect.objectContaining({ appointment_id: 481, party: { id: party.id, size: 2, index: 2 } })]);
  });

  it('when the front desk signs a walk-in in, then it makes the same one call: the server finds the customer by phone and name', async () => {
    useSession.getState().setSession({ access_token: DESK });
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    outbox.add(walkInParty(1));
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/sheets/sign-in']);
    expect(server.calls[0].body.walkIn).toMatchObject({ customer: { fname: 'ana', lname: 'lee', phone: '2155550123' } });
  });

  it('when the services predate the one call (404), then each person goes by the spec\'s calls: the customer once, a PENDING walk-in appointment on 8888 and a sheet, each with its key', async () => {
    const server = fakeServer({ older: true });
    const outbox = new SignInOutbox(localStorage);
    const party = walkInParty(2);
    outbox.add(party);
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/sheets/sign-in', 'POST /api/customer', 'POST /api/appointment', 'POST /api/sheet',
      'POST /api/sheets/sign-in', 'POST /api/appointment', 'POST /api/sheet',
    ]);
    expect(server.appointments[0]).toMatchObject({ staffId: 8888, customerId: 70, note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING', serviceIds: '3', start: '10:00 am' });
    expect(server.appointments[1]).toMatchObject({ appointmentId: 501 });
    expect(server.calls.filter((c) => c.url === '/api/appointment').map((c) => c.key)).toEqual(party.people.map((p) => p.appointmentKey));
    expect(server.calls.filter((c) => c.url === '/api/sheet').map((c) => c.key)).toEqual(party.people.map((p) => p.sheetKey));
    expect(server.sheets.map((s) => s.appointment_id)).toEqual([501, 502]);
    expect(outbox.get(party.id)).toMatchObject({ state: 'done', people: [{ sheetId: 901 }, { sheetId: 902 }] });
  });

  it("when the front desk signs a walk-in in on services that predate the one call, then the name and phone are looked up first and only a customer with both is used", async () => {
    useSession.getState().setSession({ access_token: DESK });
    const mia = { id: 45, fname: 'mia', lname: 'williams', phone: '2155550123' };
    const server = fakeServer({ older: true, found: [mia, { id: 47, fname: 'Ana', lname: 'Lee', phone: '2155550123' }] });
    const outbox = new SignInOutbox(localStorage);
    outbox.add(walkInParty(1));
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`).slice(0, 2)).toEqual(['POST /api/sheets/sign-in', 'GET /api/searchCustomerByNameAndPhone/4/ana/lee/2155550123']);
    expect(server.customers).toEqual([]);
    expect(server.appointments[0]).toMatchObject({ customerId: 47 });
  });

  it('when the server refuses a sign-in for good, then it is marked failed with the reason and not retried', async () => {
    configureApi({
      fetch: (async () => ({ ok: false, status: 400, text: async () => JSON.stringify({ message: 'date: must be a date', code: 'validation', field: 'date' }) })) as unknown as typeof fetch,
    });
    const outbox = new SignInOutbox(localStorage);
    const party = { ...walkInParty(1), walkIn: false };
    outbox.add(party);
    await outbox.flush();
    expect(outbox.get(party.id)).toMatchObject({ state: 'failed', error: 'date: must be a date' });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });
});
