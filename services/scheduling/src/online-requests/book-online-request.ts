import { MESSAGES } from '@turnbook/contracts';
import type { CustomerAppointmentView, OnlineBookingBody } from '@turnbook/contracts/schemas/appointments';
import { cardRequired, digitsOnly } from '@turnbook/domain';
import { AppError, badRequest, notFound, type Caller, type EventBus } from '@turnbook/service-kit';
import { logRecord } from '../appointments/appointment-rules';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import { servicesAsked, type DayInputsDeps } from '../availability/day-inputs';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import { catchUpCustomerDetails } from '../customer-appointments/late-customer-details';
import type { LogRepository } from '../logs/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreConfigs } from '../store-config/config-read-model';
import type { StoreRepository } from '../stores/repository';
import type { CustomersClient } from '../clients/customers-client';
import { guestLimits, type GuestLimitDeps } from './guest-limits';
import { claimRequestedSlot, requestedSlot } from './requested-slot';
import { visitorAccount, type VisitorAccountDeps } from './visitor-account';
import { customerAppointmentView } from './view';

export interface BookOnlineRequestDeps extends DayInputsDeps, VisitorAccountDeps, GuestLimitDeps {
  customers: Pick<CustomersClient, 'byId'>;
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'ofStore' | 'byId'>;
  appointments: Pick<AppointmentRepository, 'days' | 'insertClaimed' | 'setCustomerDetails'>;
  logs: Pick<LogRepository, 'add'>;
  customerCopies: Pick<CustomerCopyRepository, 'detailsOf' | 'favouriteOf'>;
  configs: Pick<StoreConfigs, 'read'>;
  bus: EventBus;
}


/**
 * An online request (the booking page), always PENDING. It is accepted only for a start the engine offers
 * online and only when every claim on the staff member's steps inserts, so of requests for one slot arriving
 * at once exactly one is accepted, whichever instance answers them. 'Anyone' stays on 8888 and holds the
 * free staff member the engine names (the next one when that one was just taken).
 *
 * Needs no token, so it is rate limited per client address, store and phone, and the request records the
 * account it is made from (the signed-in user, or the guest's account of this flow), which must hold the
 * customer's phone: a request is never tied to someone else's account (docs/product/guest-booking.md).
 */
export async function bookOnlineRequest(
  deps: BookOnlineRequestDeps,
  input: { body: OnlineBookingBody; caller?: Caller; ip?: string },
): Promise<{ appointment: CustomerAppointmentView }> {
  const { body } = input;
  await guestLimits.byAddressAndStore(deps, 'book', { ip: input.ip, storeId: body.storeId });
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  // The booking page asks for the card first; the rule holds whatever a client sends (deposits.md).
  if (!body.cardOnFile && cardRequired((await deps.configs.read(store._id)).cardPolicy, 1, true)) throw new AppError('cardRequired', MESSAGES.cardRequired, 'cardOnFile');
  const account = await visitorAccount(deps, input.caller, body.userId);
  await guestLimits.byPhone(deps, 'book', digitsOnly(account.phone));
  const customer = await deps.customers.byId(body.customerId);
  if (!customer || customer.storeId !== store._id) throw badRequest('customerId', 'customerId: must be a customer of this store');
  if (digitsOnly(customer.phone ?? '') !== digitsOnly(account.phone)) throw new AppError('validation', MESSAGES.useYourAccountPhone, 'customerId');
  const services = await servicesAsked(deps, store._id, body.serviceIds, 'online');
  const durations = services.map((s) => s.duration);
  const { anyone, startMin } = await requestedSlot(deps.staff, store._id, body);

  const details = await deps.customerCopies.detailsOf(store._id, body.customerId);
  // The account holds the customer's phone (checked above): their favourite counts (ruling 5).
  const favourite = await deps.customerCopies.favouriteOf(store._id, body.customerId);
  const created = await claimRequestedSlot(deps, store, { date: body.date, durations, anyone, staffId: body.staffId, startMin, favourite }, (slot) =>
    deps.appointments.insertClaimed(
      {
        storeId: store._id,
        ...slot,
        accountId: account.id,
        customerId: body.customerId,
        serviceIds: services.map((s) => s._id).join(','),
        services: services.map((s) => ({ id: s._id, name: s.name, price: s.priceCents / 100, duration: s.duration })),
        date: body.date,
        note: body.note ?? '',
        status: 'PENDING' as const,
        createdBy: 0,
        modifiedBy: 0,
        sale: 0,
        ...(body.cardOnFile ? { cardOnFile: body.cardOnFile } : {}),
        ...details,
        // Findable by the customer's verified phone at once, before the customer's event fills the copy.
        customerPhone: details.customerPhone || digitsOnly(customer.phone ?? ''),
      },
      (saved) => [appointmentEvent(deps.bus, 'appointment.created', saved)],
    ),
  );
  // A customer created a moment ago in this same flow may have been heard of between the read above and the insert.
  Object.assign(created, await catchUpCustomerDetails(deps, store._id, body.customerId, details));
  await deps.logs.add({
    storeId: store._id,
    appointmentId: created._id,
    text: `Online request ${created.date} ${created.start} - ${created.end}`,
    appointment_log: logRecord(appointmentView(created, {}), []),
    createdBy: 0,
  });
  const staff = anyone ? null : await deps.staff.byId(created.staffId);
  return { appointment: customerAppointmentView(created, store, staff) };
}
