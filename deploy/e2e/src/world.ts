import { randomBytes } from 'node:crypto';
import { must } from './api';
import { everyDay } from './open-days';

const ROUND_THE_CLOCK = everyDay('12:00 am-12:00 am');

/** Every kind of caller the access rules know about. */
export const ROLES = ['owner', 'admin', 'superadmin', 'staff', 'limited', 'frontDesk', 'kiosk', 'otherOwner', 'customer', 'superAdmin', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];

export interface World {
  tag: string;
  storeId: number;
  permalink: string;
  otherStoreId: number;
  frontDeskUsername: string;
  userIds: Record<Exclude<Role, 'frontDesk' | 'kiosk' | 'anonymous'>, number>;
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  /** Staff record ids in the store, by the role of the user behind them. */
  staffIds: Record<'owner' | 'admin' | 'superadmin' | 'staff' | 'limited', number>;
  serviceId: number;
  customerId: number;
  customerPhone: string;
  dayOffId: number;
  otherServiceId: number;
  /** an activity log entry of the store (markRead acts on one) */
  logId: number;
  /** a sign-in sheet of the store (signed in by its kiosk) and today's turn record */
  sheetId: number;
  turnId: number;
}

const PASSWORD = 'Matrix-pass-1';
const IDENTITY_URL = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4101';
const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';

const phoneOf = (n: number) => `215${String(Math.floor(Math.random() * 9_000_000) + 1_000_000 + n).slice(0, 7)}`;

/**
 * A store of its own with one user per role (owner, admin, superadmin, staff, limited staff, the front
 * desk and the store's kiosk), a second store with its owner, a customer and a platform super admin; plus one record of each kind
 * the routes act on. Nothing in it is shared with the demo store the journeys use.
 */
export async function buildWorld(): Promise<World> {
  const tag = randomBytes(3).toString('hex');
  const people = ['owner', 'admin', 'superadmin', 'staff', 'limited', 'otherOwner', 'customer', 'superAdmin'] as const;
  const users = people.map((p, i) => ({
    email: `matrix-${i}-${p.toLowerCase()}-${tag}@example.com`, // superAdmin and superadmin differ only in case
    password: PASSWORD,
    fname: p.toLowerCase(),
    lname: 'matrix',
    phone: phoneOf(i),
    role: p === 'customer' ? 'customer' : p === 'superAdmin' ? 'super admin' : 'professional',
  }));
  const seeded = await fetch(`${IDENTITY_URL}/internal/seed/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
    body: JSON.stringify({ users }),
  });
  if (!seeded.ok) throw new Error(`seed users -> ${seeded.status} ${await seeded.text()}`);
  const ids = ((await seeded.json()) as { users: Array<{ id: number; email: string }> }).users;
  const userIds = Object.fromEntries(people.map((p, i) => [p, ids.find((u) => u.email === users[i].email)!.id])) as World['userIds'];
  const tokens = {} as World['tokens'];
  for (const [i, p] of people.entries()) tokens[p] = (await must('POST', 'login', { email: users[i].email, password: PASSWORD })).access_token;

  // Open round the clock every day: any role's booking at any hour of the run is inside the hours (ruling 5).
  const storeFields = (name: string, username: string) => ({
    name, street: '1 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `${username}@example.com`,
    phone: phoneOf(9), username, password: PASSWORD, password_confirmation: PASSWORD, timezone: 'America/New_York', hours: ROUND_THE_CLOCK,
  });
  const frontDeskUsername = `matrix-desk-${tag}`;
  const store = (await must('POST', 'store', storeFields(`Matrix Salon ${tag}`, frontDeskUsername), tokens.owner)).store;
  const other = (await must('POST', 'store', storeFields(`Matrix Other ${tag}`, `matrix-other-${tag}`), tokens.otherOwner)).store;
  tokens.frontDesk = (await must('POST', 'storeLogin', { username: frontDeskUsername, password: PASSWORD })).access_token;
  tokens.kiosk = (await must('POST', 'storeLogin', { username: frontDeskUsername, password: PASSWORD, mode: 'kiosk' })).access_token;

  const staffIds = {} as World['staffIds'];
  for (const role of ['owner', 'admin', 'superadmin', 'staff', 'limited'] as const) {
    const email = users[people.indexOf(role)].email;
    const invited = await must('POST', 'staff', { hasAccount: 'hasAccount', email, storeId: store.id }, tokens.owner);
    const added = await must('POST', `staff-invitation/${invited.invitation.id}/accept`, {}, tokens[role]);
    staffIds[role] = added.employee.id;
    await must('POST', `updateEmployeeRole/${added.employee.id}`, { role: role === 'owner' ? 'admin' : role }, tokens.owner);
  }
  const service = (await must('POST', 'service', { storeId: store.id, name: 'Matrix manicure', duration: 30, icon: 1, price: 25 }, tokens.owner)).service;
  const otherService = (await must('POST', 'service', { storeId: other.id, name: 'Other manicure', duration: 30, icon: 1, price: 25 }, tokens.otherOwner)).service;
  const customerPhone = phoneOf(7);
  const customer = (await must('POST', 'customer', { storeId: store.id, fname: 'matrix', lname: 'customer', phone: customerPhone }, tokens.owner)).customer;
  const dayOff = (await must('POST', 'appointment', dayOffBody(store.id, staffIds.staff), tokens.owner)).appointment;
  const log = (await must('POST', 'create-log', { storeId: store.id, appointmentId: dayOff.id, text: 'Matrix entry' }, tokens.owner)).log;
  const date = new Date().toISOString().slice(0, 10);
  const sheet = (await must('POST', 'sheet', { storeId: store.id, customer_name: 'Matrix Walkin', date, arrived_time: '10:00 am' }, tokens.kiosk)).sheet;
  const turn = (await must('POST', 'createTurn', { storeId: store.id, date, staffIds: [] }, tokens.owner)).turn;

  return {
    tag, storeId: store.id, permalink: store.permalink, otherStoreId: other.id, frontDeskUsername, userIds, tokens, staffIds,
    serviceId: service.id, customerId: customer.id, customerPhone, dayOffId: dayOff.id, otherServiceId: otherService.id,
    logId: log.id, sheetId: sheet.id, turnId: turn.id,
  };
}

/** A day off next month for a staff member: an appointment with customer 0 and services '0'. */
export function dayOffBody(storeId: number, staffId: number) {
  const d = new Date(Date.now() + 30 * 86_400_000);
  const date = d.toISOString().slice(0, 10);
  return { storeId, staffId, customerId: 0, serviceIds: '0', date, start: '10:00 am', end: '11:00 am', note: 'OFF' };
}

/** Fresh records for calls that would change or remove the shared ones. */
export const fresh = {
  async service(w: World) {
    return (await must('POST', 'service', { storeId: w.storeId, name: `Fresh ${Date.now()}`, duration: 15, icon: 2 }, w.tokens.owner)).service.id as number;
  },
  async staff(w: World, archived = false) {
    const e = (await must('POST', 'staff', { hasAccount: 'noAccount', nickname: `fresh-${Date.now()}`, storeId: w.storeId }, w.tokens.owner)).employee;
    if (archived) await must('GET', `removeEmployee/${e.id}`, undefined, w.tokens.owner);
    return e.id as number;
  },
  async customer(w: World) {
    return (await must('POST', 'customer', { storeId: w.storeId, fname: 'fresh', lname: `c${Date.now()}` }, w.tokens.owner)).customer.id as number;
  },
  async dayOff(w: World) {
    return (await must('POST', 'appointment', dayOffBody(w.storeId, w.staffIds.staff), w.tokens.owner)).appointment.id as number;
  },
  async store(w: World) {
    const name = `Fresh ${w.tag} ${Date.now()}`;
    const username = `fresh-${w.tag}-${Date.now()}`;
    const body = {
      name, street: '2 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `${username}@example.com`,
      phone: '2155550188', username, password: PASSWORD, password_confirmation: PASSWORD,
    };
    return (await must('POST', 'store', body, w.tokens.owner)).store.id as number;
  },
};
