import type { AppointmentRepository } from '../appointments/repository';
import type { CustomerCopyRepository } from './customer-copies';

export interface LateCustomerDetailsDeps {
  customerCopies: Pick<CustomerCopyRepository, 'detailsOf'>;
  appointments: Pick<AppointmentRepository, 'setCustomerDetails'>;
}

/**
 * After an appointment is written for a customer scheduling had not heard of yet (created a moment ago in
 * customers): if their event was applied between the write's read of the copy and its insert, the event's
 * update of the customer's appointments missed this one, which would keep no name, phone or email for good.
 * Reading the copy again after the insert closes that gap. Returns what the appointment now carries, to
 * answer with (nothing when the copy was already known, or is still not).
 */
export async function catchUpCustomerDetails(
  deps: LateCustomerDetailsDeps,
  storeId: number,
  customerId: number | undefined,
  readBefore: { customerFname?: string },
): Promise<Awaited<ReturnType<CustomerCopyRepository['detailsOf']>>> {
  if (!customerId || readBefore.customerFname !== undefined) return {};
  const heard = await deps.customerCopies.detailsOf(storeId, customerId);
  if (heard.customerFname === undefined) return {};
  await deps.appointments.setCustomerDetails(storeId, customerId, heard);
  return heard;
}
