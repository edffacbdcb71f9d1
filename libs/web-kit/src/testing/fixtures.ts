import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import type { LogView } from '@turnbook/contracts/schemas/logs';
import type { AppointmentView, EmployeeView, PublicEmployeeView, PublicStoreView, ServiceView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';

/**
 * Whole records as the services answer them, for the answers of mockApi (which refuses a record that lacks a
 * field): a test names only the fields it is about. Test-only helpers.
 */
const STAMP = '2031-06-02T09:00:00.000Z';

export const aUser = (over: Partial<PublicUser> = {}): PublicUser => ({
  id: 1, fname: 'ann', lname: 'lee', email: 'ann@example.com', phone: '5555550100', role: 'professional',
  profile_image: null, app_version: null, color: '#00bcd4', phoneVerified: false, ...over,
});

export const anEmployee = (over: Partial<EmployeeView> = {}): EmployeeView => ({
  id: 10000, userId: null, storeId: 1, fname: 'amy', lname: 'lee', nickname: '', email: '', phone: '', url: null, role: 'staff',
  online_booking: 'ON', dayOff: '', sortIndex: 0, color: '#00bcd4', profile_image: null, archived: false, hasPIN: false, ...over,
});

/** A staff member as the public calls (booking page, kiosk) give them: no account, contact or PIN. */
export const aPublicEmployee = (over: Partial<PublicEmployeeView> = {}): PublicEmployeeView => {
  const { userId: _user, email: _email, phone: _phone, archived: _archived, hasPIN: _pin, ...employee } = anEmployee(over);
  return employee;
};

const OPEN = '10:00 am-6:00 pm';
export const aStore = (over: Partial<StoreView> = {}): StoreView => ({
  id: 1, name: 'Lotus Nails', street: '1 Main St', address2: '', city: 'Springfield', state: 'IL', zip: '62701', email: 'lotus@example.com',
  phone: '5555550199', permalink: 'lotus', ownerId: 2,
  hours: { mon: OPEN, tue: OPEN, wed: OPEN, thu: OPEN, fri: OPEN, sat: OPEN, sun: 'closed-closed' },
  status: 'ON', timezone: 'America/Chicago', settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
  created_at: STAMP, updated_at: STAMP, ...over,
});

/** A store as its public calls (booking page, kiosk) give it: no owner, login, settings or dates. */
export const aPublicStore = (over: Partial<PublicStoreView> = {}): PublicStoreView => {
  const { username: _login, ownerId: _owner, settings: _settings, created_at: _created, updated_at: _updated, ...store } = aStore(over);
  return store;
};

export const aService = (over: Partial<ServiceView> = {}): ServiceView => ({
  id: 1, storeId: 1, name: 'Manicure', duration: 30, price: 25, priceCents: 2500, color: 'f9f9fa', icon: '', type: 'ALL', status: 'ON', sortIndex: 0,
  ...over,
});

export const aCustomer = (over: Partial<Customer> = {}): Customer => ({
  id: 1, storeId: 1, fname: 'bea', lname: 'ray', email: null, phone: '5555550111', status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0,
  visited: 0, color: null, created_at: STAMP, updated_at: STAMP, ...over,
});

export const anAppointment = (over: Partial<AppointmentView> = {}): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 1, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: '2031-06-02', start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, note: '', status: 'ON', createdBy: 0, modifiedBy: 0,
  sale: null, userFname: 'amy', nickname: null, customerFname: 'bea', customerLname: 'ray', customerPhone: '5555550111', customerEmail: '',
  customerStatus: '', created_at: STAMP, updated_at: STAMP, sheetId: null, ...over,
});

/** An appointment as its customer sees it (the booking pages): no sale, no staff notes. */
export const aCustomerAppointment = (over: Partial<CustomerAppointmentView> = {}): CustomerAppointmentView => ({
  id: 1, storeId: 1, storeName: 'Lotus Nails', permalink: 'lotus', timezone: 'America/Chicago', staffId: ONLINE_COLUMN, userFname: null, nickname: null,
  online_booking: null, customerId: 1, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }], date: '2031-06-02',
  start: '10:00 am', end: '10:30 am', note: '', status: 'PENDING', created_at: STAMP, updated_at: STAMP, ...over,
});

export const aLog = (over: Partial<LogView> = {}): LogView => ({
  id: 1, storeId: 1, appointmentId: 1, text: 'Appointment created', appointment_log: '{}', userIds: '', read: false, createdBy: 0, created_at: STAMP, ...over,
});

/** The appointment scheduling answers for a written body (POST appointment, PATCH appointment/{id}): the body's fields on a whole record. */
export const writtenAppointment = (id: number, body: unknown): AppointmentView => anAppointment({ ...(body as Partial<AppointmentView>), id });

export const aSheet = (over: Partial<SheetView> = {}): SheetView => ({
  id: 1, storeId: 1, customer_name: 'Bea R.', customer_phone: '5555550111', service_by_customer: 'Manicure', staff_by_customer: '', date: '2031-06-02',
  arrived_time: '10:00 am', appointment_id: null, checked: null, staffId: '', staff_fname: '', nickname: null, userFname: null, note: '',
  created_at: STAMP, updated_at: STAMP, party: null, turnWeight: null, ...over,
});
