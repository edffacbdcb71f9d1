import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { CANCEL_COLUMN, formatTime12, ONLINE_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain';

/**
 * The demo-sized store-day of the render benchmark: 20 staff, open 9:00 am to 7:00 pm, 300 appointments
 * (staff columns, Online requests and approved ones, cancelled, unassigned), the same every run.
 */
export const DAY = '2026-11-23';
export const OPEN = { open: 9 * 60, close: 19 * 60 };

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function demoDay() {
  const rnd = random(17);
  const staff: EmployeeView[] = Array.from({ length: 20 }, (_, i) => ({
    id: 10000 + i, userId: 100 + i, storeId: 1, fname: `staff${i + 1}`, lname: '', nickname: `Staff ${i + 1}`, email: '', phone: '', url: null,
    role: 'staff', online_booking: 'ON', dayOff: '', sortIndex: i, color: '#00bcd4', profile_image: null, archived: false, hasPIN: false,
  }));
  const durations = [15, 30, 30, 45, 60, 60, 75, 90];
  const appointments: AppointmentView[] = [];
  let next = 0;
  for (let i = 0; i < 300; i++) {
    const kind = i % 20;
    const staffId = kind === 0 ? ONLINE_COLUMN : kind === 1 ? CANCEL_COLUMN : kind === 2 ? UNASSIGNED_COLUMN : staff[next++ % 20].id;
    const length = durations[Math.floor(rnd() * durations.length)];
    const startMin = OPEN.open + Math.floor(rnd() * ((OPEN.close - OPEN.open - length) / 15)) * 15;
    const status = kind === 0 ? (i % 40 === 0 ? 'PENDING' : 'APPROVED') : kind === 1 ? 'CANCEL' : 'ON';
    appointments.push({
      id: i + 1, storeId: 1, staffId, customerId: 1000 + i, serviceIds: '1', services: [{ id: 1, name: 'Gel Manicure', price: 35, duration: length }],
      date: DAY, start: formatTime12(startMin), end: formatTime12(startMin + length), startMin, endMin: startMin + length,
      note: i % 37 === 0 ? 'OFF' : '', status, createdBy: 2, modifiedBy: 2, sale: i % 5 === 0 ? 35 : 0, userFname: null, nickname: null,
      customerFname: `customer${i}`, customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null, created_at: '', updated_at: '',
    });
  }
  return { staff, appointments };
}
