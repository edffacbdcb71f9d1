import type { CustomerAppointmentView, RequestAppointmentBody } from '@turnbook/contracts/schemas/appointments';
import { digitsOnly } from '@turnbook/domain';
import type { Caller } from '@turnbook/service-kit';
import type { CustomersClient } from '../clients/customers-client';
import { bookOnlineRequest, type BookOnlineRequestDeps } from './book-online-request';
import { visitorAccount } from './visitor-account';

export type RequestAppointmentDeps = BookOnlineRequestDeps & { customers: Pick<CustomersClient, 'visitor'> };

/**
 * POST public_requestAppointment: the booking page's request in one call. The account it is made from is
 * proved first (the signed-in user, or the guest's account of this flow); customers then finds the store's
 * customer with the account's phone or makes one tied to the account (asked again on a retry, it finds the
 * same one; a token proving the phone links the store's records of it); then the request is booked as
 * POST public_bookAppointmentOnline books it. The route's Idempotency-Key makes a retry answer the first
 * answer; a retry after a crash finds the request written (its insert is bound to the key).
 */
export async function requestAppointment(
  deps: RequestAppointmentDeps,
  input: { body: RequestAppointmentBody; caller?: Caller; ip?: string },
): Promise<{ appointment: CustomerAppointmentView; customerId: number }> {
  const { customer: person, ...request } = input.body;
  const account = await visitorAccount(deps, input.caller, request.userId);
  const phone = digitsOnly(account.phone);
  const proved = input.caller?.kind === 'user' && input.caller.phone && digitsOnly(input.caller.phone) === phone ? input.caller.userId : undefined;
  const customerId = await deps.customers.visitor({
    storeId: request.storeId,
    fname: person.fname,
    lname: person.lname,
    email: person.email,
    phone,
    accountId: account.id,
    ...(proved !== undefined && { provedBy: proved }),
    address: input.ip ?? '',
  });
  const { appointment } = await bookOnlineRequest(deps, { body: { ...request, customerId }, caller: input.caller, ip: input.ip });
  return { appointment, customerId };
}
