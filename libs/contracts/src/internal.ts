import { z } from 'zod';
import { EVENTS } from './events';
import { Color, Email, Id, NewPassword, numeric, Password, Phone, requiredText, text } from './schemas/common';
import { CreateCustomerBody } from './schemas/customers';
import { PublicUser, USER_ROLES } from './schemas/identity';

/**
 * Bodies and answers of the service-to-service calls: the route table's `access: 'internal'` rows
 * (INTERNAL_ROUTES in routes.ts, schemas in api/internal.ts), called with service-kit's internalApi.
 */

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

export const CustomersByIdsBody = z.object({ ids: z.array(numeric(z.number().int().positive())).min(1).max(100) });
export type CustomersByIdsBody = z.input<typeof CustomersByIdsBody>;
export const CustomersByIdsResponse = z.object({
  customers: z.array(z.object({ id: z.number(), storeId: z.number(), phone: z.string().nullable() })),
});
export type CustomersByIdsResponse = z.infer<typeof CustomersByIdsResponse>;

/**
 * A walk-in's customer, found by the store's phone and name or created (scheduling's walk-in sign-in): the
 * kiosk's POST customer, as a service call. Found again on a retry, so the sign-in can be sent again.
 * `kiosk`: signed in at the door tablet, limited per phone as the kiosk's POST customer is.
 */
export const WalkInCustomerBody = CreateCustomerBody.pick({ storeId: true, fname: true, lname: true }).extend({ phone: Phone, kiosk: z.boolean().optional() });
export type WalkInCustomerBody = z.infer<typeof WalkInCustomerBody>;
export const WalkInCustomerResponse = z.object({ customer: z.object({ id: z.number() }), created: z.boolean() });
export type WalkInCustomerResponse = z.infer<typeof WalkInCustomerResponse>;

/**
 * The booking page's customer (scheduling's POST public_requestAppointment): the store's customer with the
 * account's phone, or a new one tied to `accountId` (the booking flow's POST customer, as a service call;
 * scheduling has proved the account is the caller's). `provedBy`: the account whose token proves the phone
 * (a verified phone): the store's records of it are linked to that account. `address`: the visitor's, for
 * the per-address limit.
 */
export const VisitorCustomerBody = CreateCustomerBody.pick({ storeId: true, fname: true, lname: true, email: true }).extend({
  phone: Phone,
  accountId: Id,
  provedBy: Id.optional(),
  address: z.string().max(100),
});
export type VisitorCustomerBody = z.infer<typeof VisitorCustomerBody>;

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

/** identity: users by ids, with whether each is verified and when it registered (ISO time). */
export const UsersByIdsBody = z.object({ ids: z.array(Id).max(1000) });
export const UsersByIdsResponse = z.object({ users: z.array(PublicUser.extend({ verified: z.boolean(), createdAt: z.string() })) });
export type UsersByIdsResponse = z.infer<typeof UsersByIdsResponse>;
export const UserByEmailBody = z.object({ email: Email });
export const UserByEmailResponse = z.object({ user: PublicUser.nullable() });
export type UserByEmailResponse = z.infer<typeof UserByEmailResponse>;

/** identity: verified demo accounts (the seed); an email that exists already is answered as it is. */
export const SeedUsersBody = z.object({
  users: z
    .array(
      z.object({
        email: Email,
        password: Password,
        fname: requiredText(100).toLowerCase(),
        lname: requiredText(100).toLowerCase(),
        phone: Phone,
        role: z.enum(USER_ROLES),
        color: Color.optional(),
      }),
    )
    .min(1)
    .max(100),
});
export const SeedUsersResponse = z.object({ users: z.array(PublicUser) });

/** identity: a store's sign-in account as scheduling keeps it (201 when created, 200 when changed). */
export const StoreAccountView = z.object({ storeId: z.number(), ownerId: z.number(), permalink: z.string(), username: z.string() });


export const MailIdParams = z.object({ mailId: z.string().uuid('must be a mail id') });
export const OnlineRequestIdParams = z.object({ id: numeric(z.number().int().positive()) });
export const MembershipStoreParams = z.object({ storeId: numeric(z.number().int().nonnegative()) });
