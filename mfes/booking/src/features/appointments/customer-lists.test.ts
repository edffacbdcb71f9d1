import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { requestedStaff, storesToBookAgain, upcoming } from './customer-lists';
import { canChange, customerStatus } from './status-label';

const appt = (id: number, extra: Partial<CustomerAppointmentView>): CustomerAppointmentView => ({
  id, storeId: 1, storeName: 'lotus nail spa', permalink: 'lotus-nail-spa', timezone: 'America/New_York', staffId: 8888, userFname: null, nickname: null, online_booking: null,
  customerId: 5, serviceIds: '3', services: [], date: '2026-11-25', start: '10:00 am', end: '10:30 am', note: '', status: 'PENDING',
  created_at: '', updated_at: '', ...extra,
});

/** Noon of 2026-11-23 in New York. */
const NOV_23 = new Date('2026-11-23T17:00:00Z');

describe('the customer’s lists', () => {
  it('when appointments of several stores come back, then upcoming live ones are listed soonest first and cancelled or past ones are not', () => {
    const stores = [
      [appt(1, { date: '2026-11-25', start: '2:00 pm' }), appt(2, { date: '2026-11-20' }), appt(3, { date: '2026-11-26', status: 'CANCEL' })],
      [appt(4, { storeId: 2, storeName: 'rose salon', permalink: 'rose-salon', date: '2026-11-25', start: '9:15 am' })],
    ];
    expect(upcoming(stores, NOV_23).map((a) => a.id)).toEqual([4, 1]);
  });

  it('when the customer had appointments in two stores and has one ahead in a third, then Book again lists the two stores of the past ones', () => {
    const stores = [
      [appt(1, { date: '2026-11-25' }), appt(2, { date: '2026-11-20', status: 'ON' })],
      [appt(3, { storeId: 2, storeName: 'rose salon', permalink: 'rose-salon', date: '2026-11-02', status: 'CANCEL' })],
      [appt(4, { storeId: 3, storeName: 'amber nails', permalink: 'amber-nails', date: '2026-11-23' })],
    ];
    expect(storesToBookAgain(stores, NOV_23)).toEqual([
      { storeId: 1, name: 'lotus nail spa', permalink: 'lotus-nail-spa' },
      { storeId: 2, name: 'rose salon', permalink: 'rose-salon' },
    ]);
    expect(storesToBookAgain([[appt(1, { date: '2026-11-25' })]], NOV_23)).toEqual([]);
  });

  it("when it is already tomorrow on the device but still today at the store, then the day's appointments are upcoming by the store's date", () => {
    // 9:30 pm in Los Angeles, 12:30 am the next day in New York and 5:30 am in UTC (a headless device)
    const now = new Date('2026-11-24T05:30:00Z');
    const la = appt(1, { storeId: 2, storeName: 'rose salon', permalink: 'rose-salon', timezone: 'America/Los_Angeles', date: '2026-11-23', start: '9:45 pm' });
    const ny = appt(2, { date: '2026-11-23', start: '9:45 pm' });
    expect(upcoming([[la], [ny]], now).map((a) => a.id)).toEqual([1]);
    expect(storesToBookAgain([[la], [ny]], now).map((s) => s.permalink)).toEqual(['lotus-nail-spa']);
  });

  it('when a request asked for anyone, then the staff reads Anyone; else the nickname or first name', () => {
    expect(requestedStaff(appt(1, {}))).toBe('Anyone');
    expect(requestedStaff(appt(1, { staffId: 10001, userFname: 'amy', nickname: null }))).toBe('Amy');
    expect(requestedStaff(appt(1, { staffId: 10001, userFname: 'amy', nickname: 'Ames' }))).toBe('Ames');
  });

  it('when a status is shown to the customer, then PENDING and MODIFYING wait, APPROVED and ON are approved, REQUEST CANCEL is cancel pending', () => {
    expect(customerStatus('PENDING')).toEqual({ label: 'Waiting for approval', approved: false });
    expect(customerStatus('MODIFYING')).toEqual({ label: 'Waiting for approval', approved: false });
    expect(customerStatus('APPROVED')).toEqual({ label: 'Approved', approved: true });
    expect(customerStatus('ON')).toEqual({ label: 'Approved', approved: true });
    expect(customerStatus('REQUEST CANCEL')).toEqual({ label: 'Cancel pending', approved: false });
    expect(canChange('REQUEST CANCEL')).toBe(false);
    expect(canChange('APPROVED')).toBe(true);
  });
});
