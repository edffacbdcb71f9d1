import type { EventData } from '@turnbook/contracts';
import type { Deps } from '../shared/deps';

/**
 * customers owns customers; appointments keep a copy of the customer's name, phone, email and status
 * (doc 001 §3) so the calendar needs no call per appointment. Both handlers are safe to repeat.
 */
export async function applyCustomerUpdated(deps: Deps, c: EventData<'customer.updated'>): Promise<void> {
  await deps.appointments.setCustomerDetails(c.storeId, c.customerId, {
    customerFname: c.fname,
    customerLname: c.lname,
    customerPhone: c.phone ?? '',
    customerEmail: c.email ?? '',
    customerStatus: c.status,
  });
}

/** A merge loses nothing: the removed customer's appointments now belong to the kept one. */
export async function applyCustomerMerged(deps: Deps, m: EventData<'customer.merged'>): Promise<void> {
  if (m.keptId === m.removedId) return;
  await deps.appointments.moveCustomer(m.storeId, m.removedId, m.keptId);
}

/** One durable consumer per subject (nats-server 2.9), named per database like the user consumer. */
export async function followCustomers(deps: Deps, durablePrefix: string): Promise<void> {
  const { bus } = deps.ctx;
  await bus.consume(`${durablePrefix}-customer-updated`, 'evt.customer.*.updated', (env) =>
    applyCustomerUpdated(deps, env.data as EventData<'customer.updated'>),
  );
  await bus.consume(`${durablePrefix}-customer-merged`, 'evt.customer.*.merged', (env) =>
    applyCustomerMerged(deps, env.data as EventData<'customer.merged'>),
  );
}
