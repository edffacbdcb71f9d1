import type { EventData } from '@turnbook/contracts';
import type { AppointmentRepository } from '../appointments/repository';
import type { CustomerCopyRepository } from './customer-copies';

export interface CustomerEventsDeps {
  appointments: Pick<AppointmentRepository, 'setCustomerDetails' | 'moveCustomer'>;
  customerCopies: Pick<CustomerCopyRepository, 'save'>;
}

/**
 * customers owns customers; appointments keep a copy of the customer's name, phone, email and status so
 * the calendar needs no call per appointment, and scheduling keeps the customer itself so a new booking
 * starts with it. A created customer is handled as an edit (an appointment booked before the event arrived
 * gets the name then). Every handler is safe to repeat; an older event than the copy changes nothing.
 */
export async function applyCustomerUpdated(deps: CustomerEventsDeps, c: EventData<'customer.updated'> | EventData<'customer.created'>): Promise<void> {
  const newer = await deps.customerCopies.save({
    _id: c.customerId,
    storeId: c.storeId,
    fname: c.fname,
    lname: c.lname,
    phone: c.phone ?? '',
    email: c.email ?? '',
    status: c.status,
    fav_staffId: c.fav_staffId,
    book_with_fav_staff: c.book_with_fav_staff,
    updated_at: c.updated_at,
  });
  if (!newer) return;
  await deps.appointments.setCustomerDetails(c.storeId, c.customerId, {
    customerFname: c.fname,
    customerLname: c.lname,
    customerPhone: c.phone ?? '',
    customerEmail: c.email ?? '',
    customerStatus: c.status,
  });
}

/** A merge loses nothing: the removed customer's appointments now belong to the kept one. */
export async function applyCustomerMerged(deps: CustomerEventsDeps, m: EventData<'customer.merged'>): Promise<void> {
  if (m.keptId === m.removedId) return;
  await deps.appointments.moveCustomer(m.storeId, m.removedId, m.keptId);
}
