import type { EventData } from '@turnbook/contracts';
import type { AppointmentRepository } from '../appointments/repository';

export interface CustomerEventsDeps {
  appointments: Pick<AppointmentRepository, 'setCustomerDetails' | 'moveCustomer'>;
}

/**
 * customers owns customers; appointments keep a copy of the customer's name, phone, email and status so
 * the calendar needs no call per appointment. Both handlers are safe to repeat.
 */
export async function applyCustomerUpdated(deps: CustomerEventsDeps, c: EventData<'customer.updated'>): Promise<void> {
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
