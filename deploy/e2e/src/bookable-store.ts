import { randomBytes } from 'node:crypto';
import { uniqueEmail, must } from './api';
import { everyDay } from './open-days';
import { registerVerified } from './steps';

export interface BookableStore {
  id: number;
  name: string;
  permalink: string;
  timezone: string;
  ownerToken: string;
  /** the owner's sign-in (the password is `password`, as the front desk's) */
  ownerEmail: string;
  ownerId: number;
  /** the front desk's username (its kiosk mode signs in with it too) */
  deskUsername: string;
  password: string;
  service: { id: number; name: string; duration: number };
  staff: { id: number; nickname: string };
}

const EVERY_DAY = everyDay('9:00 am-7:00 pm');

/**
 * A store of its own that takes online requests (open every day 9 am-7 pm in `timezone`, one service, one
 * staff member with Online Booking ON), owned by a new verified account: its requests, customers and
 * counts are shared with no other file, so the demo store's calendar and bell stay as they were.
 */
export async function bookableStore(name: string, timezone: string): Promise<BookableStore> {
  const tag = randomBytes(3).toString('hex');
  const email = uniqueEmail(`owner-${name}`);
  const password = 'Own-store-pass-42';
  await registerVerified(email, password);
  const ownerToken = (await must('POST', 'login', { email, password })).access_token as string;
  const deskUsername = `${name}-desk-${tag}`;
  const store = (await must('POST', 'store', {
    name: `${name} salon ${tag}`, street: '1 market street', city: 'philadelphia', state: 'PA', zip: '19102',
    email: `${deskUsername}@example.com`, phone: '2155550188', username: deskUsername, password, password_confirmation: password,
    hours: EVERY_DAY, timezone,
  }, ownerToken)).store as { id: number; name: string; permalink: string; timezone: string; ownerId: number };
  const service = (await must('POST', 'service', { storeId: store.id, name: `${name} manicure`, duration: 30, icon: 1, price: 25 }, ownerToken)).service;
  const nickname = `${name}${tag}`;
  const staff = (await must('POST', 'staff', { hasAccount: 'noAccount', nickname, storeId: store.id }, ownerToken)).employee;
  await must('POST', `updateEmployeeOnlineBooking/${staff.id}`, { online_booking: 'ON' }, ownerToken);
  return {
    id: store.id, name: store.name, permalink: store.permalink, timezone: store.timezone, ownerToken, ownerEmail: email, ownerId: store.ownerId, deskUsername, password,
    service: { id: service.id, name: service.name, duration: service.duration }, staff: { id: staff.id, nickname },
  };
}
