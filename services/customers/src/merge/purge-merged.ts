import type { Logger } from '@turnbook/service-kit';
import type { CustomerRepository } from '../customers/repository';

/** Deletes merged customers whose event has been published; the rest wait for the outbox sweeper. */
export async function purgeMerged(deps: { customers: CustomerRepository; log: Logger }): Promise<void> {
  try {
    await deps.customers.purgeMerged();
  } catch (err) {
    deps.log.warn({ err: String(err) }, 'purging merged customers failed; will retry');
  }
}
