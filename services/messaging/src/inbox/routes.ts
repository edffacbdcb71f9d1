import type { Handlers } from '@turnbook/service-kit';
import { readInbox, type InboxDeps } from './inbox';

export function inboxRoutes(deps: InboxDeps): Handlers {
  return {
    'GET getAllMessagesByStorePhoneNumber': async ({ query }) => readInbox(deps, query.storeId),
  };
}
