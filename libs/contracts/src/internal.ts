import { z } from 'zod';
import { EVENTS } from './events';
import { Email, NewPassword, Phone, requiredText, text } from './schemas/common';

/**
 * Service-to-service calls (header `x-internal-token`). The gateway never exposes /internal/.
 * Paths are relative to the owning service's base URL.
 */
export const INTERNAL_ROUTES = {
  /** identity: create or update a store's sign-in account (StoreAccountBody). */
  upsertStoreAccount: { method: 'PUT', path: '/internal/store-accounts/:storeId', owner: 'identity' },
  removeStoreAccount: { method: 'DELETE', path: '/internal/store-accounts/:storeId', owner: 'identity' },
  /** identity: users by ids (names for read models and seeds). */
  usersByIds: { method: 'POST', path: '/internal/users/by-ids', owner: 'identity' },
  /** identity: a verified user for the demo seed. */
  seedUser: { method: 'POST', path: '/internal/seed/users', owner: 'identity' },
  usersByEmail: { method: 'POST', path: '/internal/users/by-email', owner: 'identity' },
  /**
   * identity: a verified professional account with the given password, so a staff member added without an
   * account can sign in at once (StaffAccountBody -> 201 StaffAccountResponse; 409 `hasAccount` when the
   * email has an account already).
   */
  createStaffAccount: { method: 'POST', path: '/internal/staff-accounts', owner: 'identity' },
  /**
   * messaging: texts one message now through the SMS provider (SendTextBody -> 201 SendTextResponse).
   * Identity sends phone codes this way, so a code never sits in a long-lived event.
   */
  sendText: { method: 'POST', path: '/internal/texts', owner: 'messaging' },
  /**
   * identity: the content of a mail an event asked for (`mailId` of user.registered, ...), link included.
   * One-time secrets never travel in events (the stream keeps them for days): messaging fetches them here.
   */
  mailContent: { method: 'GET', path: '/internal/mails/:mailId', owner: 'identity' },
  /**
   * customers: customers by ids, with their store and phone only (CustomersByIdsBody -> CustomersByIdsResponse).
   * Scheduling checks that a guest's online request is for a customer with the phone of the guest's account.
   */
  customersByIds: { method: 'POST', path: '/internal/customers/by-ids', owner: 'customers' },
  /**
   * scheduling: what the email about an online request needs (RequestNoticeResponse): the account it was
   * made from, the store's name and time zone, the services. Messaging mails the customer on
   * `online-request.changed`, whose payload carries no names or addresses.
   */
  requestNotice: { method: 'GET', path: '/internal/online-requests/:id/notice', owner: 'scheduling' },
  /**
   * scheduling: a store's membership as its last `store.membership_changed` carried it, version included
   * (StoreMembershipResponse; null when scheduling has none). The other services ask it when a store is not in
   * their read model yet: one created a moment ago, whose event has not been applied.
   */
  storeMembership: { method: 'GET', path: '/internal/stores/:storeId/membership', owner: 'scheduling' },
} as const;

export const SendTextBody = z.object({
  to: Phone,
  body: z.string().min(1).max(480),
  /** Why it is sent (kept with the text; the dev page and logs show it). */
  purpose: z.enum(['phone_verification']),
});
export type SendTextBody = z.input<typeof SendTextBody>;
export const SendTextResponse = z.object({ id: z.string() });
export type SendTextResponse = z.infer<typeof SendTextResponse>;

export const StaffAccountBody = z.object({
  email: Email,
  password: NewPassword,
  fname: requiredText(100).toLowerCase(),
  // The add-staff wizard asks a first name only (002 §8): a staff account may have no last name.
  lname: text(100).toLowerCase().default(''),
  phone: Phone.optional(),
});
export type StaffAccountBody = z.input<typeof StaffAccountBody>;
export const StaffAccountResponse = z.object({ userId: z.number() });
export type StaffAccountResponse = z.infer<typeof StaffAccountResponse>;

/** What identity answers for a mail: where it goes, and the one-time link it carries. */
export const MailContentResponse = z.object({ url: z.string() });
export type MailContentResponse = z.infer<typeof MailContentResponse>;

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
/** The caller's current store, for calls the spec sends without one (sendSMS, the SMS inbox, merchant transactions). */
export const CURRENT_STORE_HEADER = 'x-store-id';

export const CustomersByIdsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(100) });
export type CustomersByIdsBody = z.input<typeof CustomersByIdsBody>;
export const CustomersByIdsResponse = z.object({
  customers: z.array(z.object({ id: z.number(), storeId: z.number(), phone: z.string().nullable() })),
});
export type CustomersByIdsResponse = z.infer<typeof CustomersByIdsResponse>;

/** An online request as its emails tell it; null when the appointment is gone or is not an online request. */
export const RequestNoticeResponse = z.object({
  notice: z
    .object({
      id: z.number(),
      /** the customer's account (where the email goes) */
      accountId: z.number(),
      storeName: z.string(),
      permalink: z.string(),
      /** the store's IANA time zone: the request's date and times are wall times there */
      timezone: z.string(),
      services: z.array(z.string()),
      /** the requested staff member's display name, null for anyone */
      staffName: z.string().nullable(),
      /** the customer cancelled it themselves (no 'declined' email then) */
      cancelledByCustomer: z.boolean(),
      /** MODIFYING at a time the store suggested */
      suggested: z.boolean(),
      /** the store's business email (Create Store page 3): where the store hears of requests; '' when none */
      storeEmail: z.string().default(''),
      /** each service with its length (minutes) and price (dollars): the customer's mail repeats the booking */
      serviceDetails: z.array(z.object({ name: z.string(), duration: z.number(), price: z.number() })).default([]),
      /** the store's address in one line (the calendar file's location); '' when none */
      storeAddress: z.string().default(''),
    })
    .nullable(),
});
export type RequestNoticeResponse = z.infer<typeof RequestNoticeResponse>;

/** A store's membership snapshot, in the event's own schema; null when scheduling holds none. */
export const StoreMembershipResponse = z.object({ membership: EVENTS['store.membership_changed'].nullable() });
export type StoreMembershipResponse = z.infer<typeof StoreMembershipResponse>;
