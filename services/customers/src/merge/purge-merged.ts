import type { Logger } from '@turnbook/service-kit';
import type { CustomerRepository } from '../customers/repository';

/**
 * Deletes merged customers whose event has been published; the rest wait for the outbox sweeper. The first
 * purge of a process also finds customers merged by an older release (no `merged` flag: a full scan on
 * FerretDB), so a rolling deploy leaves none behind for longer than the next start.
 */
export function merges(deps: { customers: CustomerRepository; log: Logger }): { purge: () => Promise<void> } {
  let legacyDone = false;
  return {
    async purge() {
      try {
        await deps.customers.purgeMerged({ byMergedInto: !legacyDone });
        legacyDone = true;
      } catch (err) {
        deps.log.warn({ err: String(err) }, 'purging merged customers failed; will retry');
      }
    },
  };
}
