import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { digitsOnly } from '@turnbook/domain/phone/phone';
import { sameName } from '@turnbook/domain/text/text';
import { api, getSession, hasCode, isApiError, tokenKind } from '@turnbook/web-kit';

/** The walk-in's record: on the Online column with this note (docs/product/statuses.md: walk-ins). */
export const WALK_IN_NOTE = 'Walk in';

export interface QueuePlace {
  place: number;
  waitMinutes: number;
}

/** One person of a party: one sign-in call (the walk-in's appointment and the sheet), sent with its key. */
export interface PersonSignIn {
  /** 1-based position in the party */
  index: number;
  /** Idempotency-Key of the person's POST sheets/sign-in (and of POST sheet on older services): the same on every retry */
  sheetKey: string;
  /** Idempotency-Key of the person's POST appointment, on services older than the one call */
  appointmentKey: string;
  serviceIds: number[];
  serviceNames: string[];
  /** 'hh:mm am' times of a walk-in's appointment (start rounded to 15 minutes) */
  start: string;
  end: string;
  staffByCustomer: string;
  /** the walk-in's appointment once written, or the looked-up appointment of an express sign-in */
  appointmentId: number | null;
  sheetId: number | null;
  queue: QueuePlace | null;
  /**
   * The appointment had been signed in before (the server answered its first sheet): 'waiting' while that
   * sheet is in line, 'served' once it was checked in.
   */
  already?: 'waiting' | 'served' | null;
}

export interface SignIn {
  /** the party's id (a uuid), sent with every sheet */
  id: string;
  storeId: number;
  /** true: new PENDING appointments on the walk-in column; false: sheets linked to a found appointment */
  walkIn: boolean;
  customer: { fname: string; lname: string; phone: string };
  customerId: number | null;
  /** the sheet's customer name */
  customerName: string;
  date: string;
  arrived: string;
  people: PersonSignIn[];
  /** a sign-in for a booked appointment (or a request): its time and staff, for the thank-you page */
  appointment?: { start: string; staff: string; request: boolean } | null;
  state: 'sending' | 'done' | 'failed';
  /** why a sign-in was refused for good (a 4xx other than throttling) */
  error: string | null;
}

export const OUTBOX_KEY = 'turnbook.kiosk.sign-ins';
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;

/** A random v4 uuid; crypto.randomUUID needs a secure context, which a tablet on the salon's LAN may lack. */
export function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Worth trying again: no answer at all, a timeout, throttling, a server/gateway failure, or the first try of
 * the same key still being answered (409 idempotencyInProgress).
 */
function isTransient(e: unknown): boolean {
  if (!isApiError(e)) return true;
  return e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500 || hasCode(e, 'idempotencyInProgress');
}

/** The browser says it has no network at all (navigator.onLine is only ever wrong the other way). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/**
 * The tablet's sign-ins not yet confirmed by the server, kept in localStorage so a network drop or a reload
 * loses none. Each person's call carries an Idempotency-Key fixed when the customer pressed Sign In, so a
 * retry after a lost answer gets the first answer back and never writes a second appointment or sheet; each
 * person's result is saved as soon as it lands, so a retry resumes where the last try stopped.
 */
export class SignInOutbox {
  /** the sign-ins as the sender updates them */
  private entries = new Map<string, SignIn>();
  /** frozen copies for readers: a new object per change (useSyncExternalStore compares by reference) */
  private snapshots = new Map<string, SignIn>();
  private listeners = new Set<() => void>();
  private sending: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;

  constructor(private readonly storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage) {
    for (const s of this.load()) this.entries.set(s.id, s);
    this.snapshot();
  }

  /** Queues a sign-in and starts sending it; answers at once (the thank-you page does not wait). */
  add(signIn: SignIn): void {
    this.entries.set(signIn.id, signIn);
    this.changed();
    void this.flush();
  }

  get(id: string | null | undefined): SignIn | undefined {
    return id ? this.snapshots.get(id) : undefined;
  }

  /** Sign-ins still on their way to the server. */
  pending(): SignIn[] {
    return [...this.entries.values()].filter((s) => s.state === 'sending');
  }

  /** How many sign-ins wait to be sent (the staff's badge). */
  waiting(): number {
    return this.pending().length;
  }

  /**
   * The tablet cannot reach the server now: the browser says it is offline, or the last try failed for a
   * reason worth retrying. The thank-you page then says so at once instead of waiting on a spinner.
   */
  offline(): boolean {
    return browserOffline() || (this.failures > 0 && this.pending().length > 0);
  }

  /** Tells readers the network changed (the browser's online and offline events). */
  networkChanged(): void {
    for (const l of this.listeners) l();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends every pending sign-in, one at a time in arrival order; schedules a retry on a transient failure. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll(): Promise<void> {
    const tried = new Set<string>();
    for (;;) {
      // Sign-ins added while this runs are sent in the same round.
      const signIn = this.pending().find((s) => !tried.has(s.id));
      if (!signIn) return;
      // The browser knows it has no network: no call could land, so none is sent. The 'online' event flushes
      // (signInOutbox); the retry is there in case that event never comes.
      if (browserOffline()) return this.retryLater();
      tried.add(signIn.id);
      try {
        await this.send(signIn);
        signIn.state = 'done';
        this.failures = 0;
      } catch (e) {
        if (isTransient(e)) return this.retryLater();
        signIn.state = 'failed';
        signIn.error = e instanceof Error ? e.message : String(e);
      }
      this.changed();
    }
  }

  private retryLater(): void {
    this.failures += 1;
    this.changed();
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.failures - 1));
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  /**
   * One call per person (POST sheets/sign-in): the server finds or makes the walk-in's customer, books the
   * walk-in's appointment and writes the sheet, all or none, under the person's key. Services older than
   * that call (the page shipped ahead of them) answer it 404: the person goes by the spec's calls.
   */
  private async send(s: SignIn): Promise<void> {
    for (const person of s.people) {
      if (person.sheetId != null) continue;
      try {
        await this.signInOneCall(s, person);
      } catch (e) {
        if (!isApiError(e) || e.status !== 404) throw e;
        await this.signInBySpecCalls(s, person);
      }
      this.changed();
    }
  }

  private async signInOneCall(s: SignIn, person: PersonSignIn): Promise<void> {
    // A walk-in whose appointment was written already (by the spec's calls) only needs its sheet.
    const book = s.walkIn && person.appointmentId == null;
    const res = await api.post('POST sheets/sign-in', {
      ...sheetOf(s, person),
      ...(book ? { walkIn: { customer: s.customer, serviceIds: person.serviceIds.join(','), start: person.start, end: person.end } } : {}),
    }, undefined, withKey(person.sheetKey));
    s.customerId ??= res.customerId;
    person.appointmentId = res.appointmentId;
    landed(person, res);
  }

  /** The customer, the walk-in's appointment and the sheet, each written with its own key, each saved as it lands. */
  private async signInBySpecCalls(s: SignIn, person: PersonSignIn): Promise<void> {
    if (s.walkIn && person.appointmentId == null) {
      s.customerId ??= await customerIdFor(s);
      this.changed();
      const first = s.people[0].appointmentId;
      const res = await api.post('POST appointment', {
        storeId: s.storeId,
        staffId: ONLINE_COLUMN,
        customerId: s.customerId,
        serviceIds: person.serviceIds.join(','),
        // a party's later appointments name the first one, as a group booking does
        ...(person.index > 1 && first != null ? { appointmentId: first } : {}),
        date: s.date,
        start: person.start,
        end: person.end,
        note: WALK_IN_NOTE,
        createdBy: 0,
        modifiedBy: 0,
        status: 'PENDING',
      }, undefined, withKey(person.appointmentKey));
      person.appointmentId = res.appointment.id;
      this.changed();
    }
    landed(person, await api.post('POST sheet', sheetOf(s, person), undefined, withKey(person.sheetKey)));
  }

  private changed(): void {
    this.save();
    this.snapshot();
    for (const l of this.listeners) l();
  }

  private snapshot(): void {
    for (const [id, s] of this.entries) this.snapshots.set(id, { ...s, people: s.people.map((p) => ({ ...p, queue: p.queue && { ...p.queue } })) });
  }

  private load(): SignIn[] {
    try {
      const raw = this.storage?.getItem(OUTBOX_KEY);
      const list = raw ? (JSON.parse(raw) as SignIn[]) : [];
      return Array.isArray(list) ? list.filter((s) => s && s.state === 'sending') : [];
    } catch {
      return [];
    }
  }

  /** Only what is still on its way is kept on the tablet (no customer data stays once it has landed). */
  private save(): void {
    try {
      const pending = this.pending();
      if (pending.length) this.storage?.setItem(OUTBOX_KEY, JSON.stringify(pending));
      else this.storage?.removeItem(OUTBOX_KEY);
    } catch {
      // storage full or blocked: the sign-in still goes out from memory
    }
  }
}

/** The person's sheet as POST sheet takes it. */
function sheetOf(s: SignIn, person: PersonSignIn) {
  return {
    storeId: s.storeId,
    customer_name: s.people.length > 1 ? `${s.customerName} (${person.index} of ${s.people.length})` : s.customerName,
    customer_phone: s.customer.phone,
    service_by_customer: person.serviceNames.join(', '),
    staff_by_customer: person.staffByCustomer,
    date: s.date,
    arrived_time: s.arrived,
    appointment_id: person.appointmentId,
    party: { id: s.id, size: s.people.length, index: person.index },
  };
}

/** What the server answered for the person's sheet: its id, the place in line, whether it was signed in before. */
function landed(person: PersonSignIn, res: { sheet: { id: number; checked: string | null }; queue: QueuePlace | null; alreadySignedIn?: boolean }): void {
  person.sheetId = res.sheet.id;
  person.queue = res.queue;
  person.already = res.alreadySignedIn ? (res.sheet.checked ? 'served' : 'waiting') : null;
}

/**
 * The walk-in's customer, by phone AND name (a phone alone would book a stranger on the phone's customer,
 * docs/product/kiosk.md): the kiosk's POST customer finds or creates so (and answers the id only); the front
 * desk's creates a new one every time, so the desk looks the name and phone up first.
 */
async function customerIdFor(s: SignIn): Promise<number> {
  const { fname, lname, phone } = s.customer;
  if (tokenKind(getSession().access_token) !== 'kiosk') {
    const found = await api.get('GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}', { storeId: s.storeId, fname, lname, phone });
    const same = found.customers.find((c) => digitsOnly(c.phone ?? '') === phone && sameName(c, s.customer));
    if (same) return same.id;
  }
  const res = await api.post('POST customer', { storeId: s.storeId, fname, lname, phone });
  return res.customer.id;
}

let shared: SignInOutbox | null = null;

/** The page's outbox; it resumes what an earlier page load left unsent, and retries when the network is back. */
export function signInOutbox(): SignInOutbox {
  if (!shared) {
    const outbox = new SignInOutbox();
    shared = outbox;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => {
        outbox.networkChanged();
        void outbox.flush();
      });
      window.addEventListener('offline', () => outbox.networkChanged());
    }
    if (outbox.pending().length) void outbox.flush();
  }
  return shared;
}
