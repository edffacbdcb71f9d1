import type { EventBus } from '@turnbook/service-kit';
import { AppointmentRepository } from '../appointments/repository';
import { CustomerCopyRepository } from '../customer-appointments/customer-copies';

type NatsConnection = EventBus['connection'];

/** Collects the events published on a subject (core subscription; JetStream publishes reach it too). */
export function collect<T = unknown>(nc: NatsConnection, subject: string) {
  const seen: Array<{ id: string; data: T }> = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) seen.push(JSON.parse(m.string()));
  })();
  return {
    seen,
    async waitFor(pred: (data: T) => boolean, ms = 10_000): Promise<T> {
      const until = Date.now() + ms;
      for (;;) {
        const hit = seen.find((e) => pred(e.data));
        if (hit) return hit.data;
        if (Date.now() > until) throw new Error(`no matching event on ${subject}; saw ${JSON.stringify(seen.map((e) => e.data))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => sub.unsubscribe(),
  };
}

/**
 * Runs `write` while every update of `model` fails, as in a process that dies right after inserting a
 * document: whatever the use case meant to write next never lands.
 */
export async function dyingAfterInsert<T>(model: { updateOne: unknown }, write: () => Promise<T>): Promise<T> {
  const updateOne = model.updateOne;
  model.updateOne = () => {
    throw new Error('process died');
  };
  try {
    return await write();
  } finally {
    model.updateOne = updateOne;
  }
}

/**
 * Runs `write` with `deliver` (a customer event published and applied) put between the write's first read
 * of the customer copy (which finds nothing yet) and what it writes next: the read answers what it read before,
 * once the event's update of customer `customerId`'s appointments has run. The window in which a customer
 * created a moment ago is heard of while their appointment is being written.
 */
export async function withCustomerEventDuringCopyRead<T>(customerId: number, deliver: () => Promise<unknown>, write: () => Promise<T>): Promise<T> {
  const setDetails = AppointmentRepository.prototype.setCustomerDetails;
  let eventApplied!: () => void;
  const applied = new Promise<void>((resolve) => (eventApplied = resolve));
  const setSpy = jest.spyOn(AppointmentRepository.prototype, 'setCustomerDetails').mockImplementation(async function (this: AppointmentRepository, ...args) {
    await setDetails.apply(this, args);
    if (args[1] === customerId) eventApplied();
  });
  const detailsOf = CustomerCopyRepository.prototype.detailsOf;
  const readSpy = jest.spyOn(CustomerCopyRepository.prototype, 'detailsOf').mockImplementationOnce(async function (this: CustomerCopyRepository, ...args) {
    const before = await detailsOf.apply(this, args);
    await deliver();
    await applied;
    return before;
  });
  try {
    return await write();
  } finally {
    setSpy.mockRestore();
    readSpy.mockRestore();
  }
}

/** Waits long enough for a second delivery of an event to have been applied, had it been applied twice. */
export const afterRedelivery = () => new Promise((r) => setTimeout(r, 800));
