import type { Handlers } from '@turnbook/service-kit';
import { mailLink } from './mail-link';
import type { OneTimeLinks } from './one-time-links';

/** Messaging's internal call for the link a mail carries (the router checks the internal token). */
export function linkRoutes(d: { links: OneTimeLinks }): Handlers {
  return {
    'GET internal/mails/{mailId}': ({ params }) => mailLink(d, params.mailId),
  };
}
