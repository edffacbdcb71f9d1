import type { Handlers } from '@turnbook/service-kit';
import { mergeCustomers, type MergeDeps } from './merge-customers';

export function mergeRoutes(deps: MergeDeps): Handlers {
  return {
    // The router loaded both customers and checked the caller owns their store(s).
    'POST mergeCustomers': async ({ records: [kept, removed] }) => {
      await mergeCustomers(deps, { kept, removed });
      return { success: true };
    },
  };
}
