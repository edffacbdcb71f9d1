import type { Consumers } from '@turnbook/service-kit';
import type { SendEmailDeps } from './send-email-once';
import { sendPasswordResetEmail } from './send-password-reset-email';
import { sendStaffInvitationEmail } from './send-staff-invitation-email';
import { sendVerificationEmail } from './send-verification-email';
import { sendEmailChangeEmail, sendEmailChangeNotice } from './send-email-change-emails';
import { sendOnlineRequestEmail, type OnlineRequestEmailDeps } from './send-online-request-email';
import { sendStoreRequestEmail, type StoreRequestEmailDeps } from './send-store-request-email';

/**
 * The emails identity and scheduling ask for by event. The consumers start from 'new' (libs/contracts CONSUMERS): a new
 * deployment never mails for events from before it existed. A throw (SMTP down) naks the event so it
 * comes again; a malformed payload never reaches here (the bus drops it).
 */
export function emailConsumers(deps: SendEmailDeps & Omit<OnlineRequestEmailDeps, keyof SendEmailDeps> & Pick<StoreRequestEmailDeps, 'settings'>): Consumers {
  return {
    'messaging-email-verification': async (env) => void (await sendVerificationEmail(deps, { eventId: env.id, data: env.data })),
    // The 'Not Verified' link's new activation link: the same mail.
    'messaging-email-verification-resent': async (env) => void (await sendVerificationEmail(deps, { eventId: env.id, data: env.data })),
    'messaging-email-password-reset': async (env) =>
      void (await sendPasswordResetEmail(deps, { eventId: env.id, occurredAt: env.occurredAt, data: env.data })),
    'messaging-email-staff-invitation': async (env) => void (await sendStaffInvitationEmail(deps, { eventId: env.id, data: env.data })),
    'messaging-email-change': async (env) => void (await sendEmailChangeEmail(deps, { eventId: env.id, data: env.data })),
    'messaging-email-change-notice': async (env) => void (await sendEmailChangeNotice(deps, { eventId: env.id, data: env.data })),
    'messaging-email-online-request': async (env) => void (await sendOnlineRequestEmail(deps, { eventId: env.id, data: env.data })),
    'messaging-email-store-request': async (env) => void (await sendStoreRequestEmail(deps, { eventId: env.id, data: env.data })),
  };
}
