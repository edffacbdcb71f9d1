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
 * scheduling does; `drop` loses the answer of chosen calls after the write (the network went down on the way back).
 */
function fakeServer(opts: { drop?: (call: Call, n: number) => 'before' | 'after' | null; found?: object[] } = {}) {
  const calls: Call[] = [];
  const answers = new Map<string, unknown>();
  const appointments: Record<string, unknown>[] = [];
  const sheets: Record<string, unknown>[] = [];
  const customers: Record<string, unknown>[] = [];
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
      else if (url === '/api/customer') {
        customers.push(call.body);
        answer = { customer: { id: 70 } };
      } else if (url === '/api/appointment') {
        appointments.push(call.body);
        answer = { appointment: { id: 500 + appointments.length } };
      } else if (url === '/api/sheet') {
        sheets.push(call.body);
        answer = { sheet: { id: 900 + sheets.length }, queue: { place: sheets.length, waitMinutes: 15 * sheets.length } };
      } else if (url.startsWith('/api/searchCustomerByNameAndPhone/')) answer = { customers: opts.found ?? [] };
      else return { ok: false, status: 404, text: async () => '{"message":"Not Found"}' } as Response;
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
  it('when a party of 3 walks in, then each person gets one PENDING walk-in appointment on 8888 and one sheet of the party, and the place in line comes back', async () => {
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    const party = walkInParty(3);
    outbox.add(party);
    await outbox.flush();
    expect(server.customers).toEqual([{ storeId: 4, fname: 'ana', lname: 'lee', phone: '2155550123' }]);
    expect(server.appointments).toHaveLength(3);
    expect(server.appointments[0]).toMatchObject({ staffId: 8888, customerId: 70, note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING', serviceIds: '3', start: '10:00 am' });
    expect(server.appointments[1]).toMatchObject({ appointmentId: 501 });
    expect(server.sheets.map((s) => s.party)).toEqual([1, 2, 3].map((index) => ({ id: party.id, size: 3, index })));
    expect(server.sheets.map((s) => s.appointment_id)).toEqual([501, 502, 503]);
    expect(server.sheets[1]).toMatchObject({ customer_name: 'Ana Lee (2 of 3)', customer_phone: '2155550123', service_by_customer: 'Manicure', arrived_time: '10:07 am' });
    const done = outbox.get(party.id)!;
    expect(done.state).toBe('done');
    expect(done.people[0].queue).toEqual({ place: 1, waitMinutes: 15 });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('when the network drops after the server wrote the sheet, then the retry sends the same Idempotency-Key and nothing is written twice', async () => {
    jest.useFakeTimers();
    // The first POST sheet lands but its answer is lost; the first POST appointment never leaves the tablet.
    const server = fakeServer({
      drop: (call, n) => (call.url === '/api/sheet' && n === 1 ? 'after' : call.url === '/api/appointment' && n === 1 ? 'before' : null),
    });
    const outbox = new SignInOutbox(localStorage);
    const party = walkInParty(1);
    outbox.add(party);
    await jest.advanceTimersByTimeAsync(0);
    expect(outbox.get(party.id)!.state).toBe('sending');
    // Kept on the tablet while unsent, so a reload loses nothing.
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)[0].id).toBe(party.id);

    await jest.advanceTimersByTimeAsync(1_000); // appointment retried and written; the sheet's answer lost
    await jest.advanceTimersByTimeAsync(2_000); // the sheet retried with its key: the first answer
    const sheetCalls = server.calls.filter((c) => c.url === '/api/sheet');
    const appointmentCalls = server.calls.filter((c) => c.url === '/api/appointment');
    expect(sheetCalls).toHaveLength(2);
    expect(new Set(sheetCalls.map((c) => c.key))).toEqual(new Set([party.people[0].sheetKey]));
    expect(appointmentCalls).toHaveLength(2);
    expect(new Set(appointmentCalls.map((c) => c.key))).toEqual(new Set([party.people[0].appointmentKey]));
    expect(server.appointments).toHaveLength(1);
    expect(server.sheets).toHaveLength(1);
    expect(outbox.get(party.id)).toMatchObject({ state: 'done', people: [{ sheetId: 901, queue: { place: 1, waitMinutes: 15 } }] });
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
    expect(server.calls.filter((c) => c.url === '/api/sheet').map((c) => c.key)).toEqual(party.people.map((p) => p.sheetKey));
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('when someone with an appointment signs in, then only a sheet linked to that appointment is written', async () => {
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    const express: SignIn = { ...walkInParty(1), walkIn: false };
    express.people[0].appointmentId = 321;
    outbox.add(express);
    await outbox.flush();
    expect(server.customers).toHaveLength(0);
    expect(server.appointments).toHaveLength(0);
    expect(server.sheets).toEqual([expect.objectContaining({ appointment_id: 321, party: { id: express.id, size: 1, index: 1 } })]);
  });

  it('when the front desk signs a walk-in in, then the name and phone are looked up before a customer is created', async () => {
    useSession.getState().setSession({ access_token: DESK });
    const server = fakeServer();
    const outbox = new SignInOutbox(localStorage);
    outbox.add(walkInParty(1));
    await outbox.flush();
    expect(server.calls.map((c) => `${c.method} ${c.url}`).slice(0, 2)).toEqual(['GET /api/searchCustomerByNameAndPhone/4/ana/lee/2155550123', 'POST /api/customer']);
  });

  it("when the front desk signs a walk-in in with another customer's phone, then that customer is not used: only one with the same name and phone is", async () => {
    useSession.getState().setSession({ access_token: DESK });
    const mia = { id: 45, fname: 'mia', lname: 'williams', phone: '2155550123' };
    const server = fakeServer({ found: [mia, { id: 46, fname: 'ana', lname: 'leeson', phone: '2155550123' }] });
    const outbox = new SignInOutbox(localStorage);
    outbox.add(walkInParty(1));
    await outbox.flush();
    expect(server.customers).toEqual([expect.objectContaining({ fname: 'ana', lname: 'lee', phone: '2155550123' })]);
    expect(server.appointments[0]).toMatchObject({ customerId: 70 });

    const again = fakeServer({ found: [mia, { id: 47, fname: 'Ana', lname: 'Lee', phone: '2155550123' }] });
    outbox.add(walkInParty(1));
    await outbox.flush();
    expect(again.customers).toEqual([]);
    expect(again.appointments[0]).toMatchObject({ customerId: 47 });
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
