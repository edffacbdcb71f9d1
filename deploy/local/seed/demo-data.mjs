// The demo salon: realistic enough to click through every screen.
import { DateTime } from 'luxon';

const STAFF_PASSWORD = 'Staff-pass-1';

export const DEMO_USERS = [
  { email: 'admin@turnbook.demo', password: 'Admin-pass-1', fname: 'sam', lname: 'rivera', phone: '2155550100', role: 'super admin' },
  { email: 'owner@turnbook.demo', password: 'Owner-pass-1', fname: 'mai', lname: 'nguyen', phone: '2155550101', role: 'professional' },
  { email: 'linh@turnbook.demo', password: STAFF_PASSWORD, fname: 'linh', lname: 'tran', phone: '2155550102', role: 'professional', color: '#e91e63' },
  { email: 'kim@turnbook.demo', password: STAFF_PASSWORD, fname: 'kim', lname: 'pham', phone: '2155550103', role: 'professional', color: '#9c27b0' },
  { email: 'anna@turnbook.demo', password: STAFF_PASSWORD, fname: 'anna', lname: 'lee', phone: '2155550104', role: 'professional', color: '#3f51b5' },
  { email: 'tina@turnbook.demo', password: STAFF_PASSWORD, fname: 'tina', lname: 'vo', phone: '2155550105', role: 'professional', color: '#ff9800' },
  { email: 'jenny@turnbook.demo', password: STAFF_PASSWORD, fname: 'jenny', lname: 'do', phone: '2155550106', role: 'professional', color: '#4caf50' },
  { email: 'hana@turnbook.demo', password: STAFF_PASSWORD, fname: 'hana', lname: 'kato', phone: '2155550107', role: 'professional', color: '#795548' },
  { email: 'customer@turnbook.demo', password: 'Customer-pass-1', fname: 'olivia', lname: 'brooks', phone: '2155550150', role: 'customer' },
];

export const DEMO_STORE = {
  permalink: 'lotus-nail-spa',
  fields: {
    name: 'Lotus Nail Spa',
    street: '1520 Walnut Street',
    address2: 'Suite 2',
    city: 'Philadelphia',
    state: 'PA',
    zip: '19102',
    email: 'hello@lotusnailspa.demo',
    phone: '2155550199',
    timezone: 'America/New_York',
    hours: {
      mon: '10:00 am-7:00 pm', tue: '10:00 am-7:00 pm', wed: '10:00 am-7:00 pm', thu: '10:00 am-8:00 pm',
      fri: '9:30 am-8:00 pm', sat: '9:00 am-6:00 pm', sun: 'closed-closed',
    },
    settings: { turnsBlock: true, cancelAndText: true, autoTextOnApprove: true },
  },
};

/** The owner works the floor too; eight columns in all, one of them a TBD column without an account. */
export const DEMO_STAFF = [
  { email: 'owner@turnbook.demo', role: 'admin', pin: '1234' },
  { email: 'linh@turnbook.demo', role: 'admin', pin: '2345' },
  { email: 'kim@turnbook.demo', role: 'superadmin', pin: '3456', dayOff: 'mon' },
  { email: 'anna@turnbook.demo', role: 'staff', pin: '4567', dayOff: 'tue' },
  { email: 'tina@turnbook.demo', role: 'limited', pin: '5678', dayOff: 'wed' },
  { email: 'jenny@turnbook.demo', role: 'staff', pin: '6789', dayOff: 'thu' },
  { email: 'hana@turnbook.demo', role: 'staff', pin: '7890', dayOff: 'sun mon' },
  { nickname: 'Next available', role: 'TBD', color: '#90a4ae' },
];

export const DEMO_SERVICES = [
  { name: 'Classic Manicure', duration: 30, price: 25, icon: 1, color: 'f8bbd0' },
  { name: 'Gel Manicure', duration: 45, price: 40, icon: 2, color: 'f48fb1' },
  { name: 'Classic Pedicure', duration: 45, price: 35, icon: 3, color: 'b3e5fc' },
  { name: 'Spa Pedicure', duration: 60, price: 55, icon: 4, color: '81d4fa' },
  { name: 'Acrylic Full Set', duration: 75, price: 60, icon: 5, color: 'd1c4e9' },
  { name: 'Acrylic Fill', duration: 45, price: 40, icon: 6, color: 'b39ddb' },
  { name: 'Dip Powder', duration: 60, price: 50, icon: 7, color: 'ffe0b2' },
  { name: 'Nail Art (per set)', duration: 15, price: 15, icon: 8, color: 'fff9c4' },
  { name: 'Polish Change', duration: 15, price: 12, icon: 9, color: 'f0f4c3' },
  { name: 'Eyebrow Wax', duration: 15, price: 14, icon: 10, color: 'dcedc8' },
  { name: 'Kids Mani-Pedi', duration: 40, price: 30, icon: 11, color: 'c8e6c9' },
  { name: 'Gel Removal', duration: 20, price: 10, icon: 12, color: 'cfd8dc', type: 'INTERNAL' },
];

const FIRST = ['olivia', 'emma', 'ava', 'sophia', 'mia', 'isabella', 'amelia', 'harper', 'evelyn', 'abigail', 'ella', 'grace', 'chloe', 'lily', 'zoe', 'nora', 'hannah', 'layla', 'riley', 'aria'];
const LAST = ['smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'martinez', 'lopez'];

/** 200 customers with distinct phones; a few have a favourite staff member, one is banned. */
export function demoCustomers(staff) {
  const withAccounts = staff.filter((s) => s.userId);
  const out = [];
  for (let i = 0; i < 200; i++) {
    const fname = FIRST[i % FIRST.length];
    const lname = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const fav = i % 7 === 0 && withAccounts.length ? withAccounts[i % withAccounts.length].id : undefined;
    out.push({
      fname,
      lname,
      phone: `267555${String(1000 + i).padStart(4, '0')}`,
      email: i % 3 === 0 ? `${fname}.${lname}${i}@example.com` : '',
      ...(fav ? { fav_staffId: fav } : {}),
    });
  }
  return out;
}

/** A few days off in the next weeks (store time zone), on days those staff would otherwise work. */
export function demoDaysOff(staff) {
  const today = DateTime.now().setZone('America/New_York').startOf('day');
  const byEmail = (e) => staff.find((s) => s.email === e);
  const picks = [
    ['linh@turnbook.demo', 3],
    ['anna@turnbook.demo', 9],
    ['jenny@turnbook.demo', 16],
  ];
  return picks
    .map(([email, days]) => [byEmail(email), today.plus({ days })])
    .filter(([s]) => s)
    .map(([s, d]) => ({
      staffId: s.id, customerId: 0, serviceIds: '0', date: d.toISODate(), start: '10:00 am', end: '7:00 pm',
      note: 'OFF', createdBy: 0, modifiedBy: 0,
    }));
}
