import { z } from 'zod';
import { digitsOnly } from '@turnbook/domain';
import { CUSTOMERS_MESSAGES } from '../errors/customers';
import { Color, Email, Id, numeric, text } from './common';

/** The spec's message for a blank first name (see docs/product); answered as it is, with field `fname`. */
export const CUSTOMER_NAME_REQUIRED = CUSTOMERS_MESSAGES.customerNameRequired;

/** Most results any customer search answers with (one page). */
export const SEARCH_LIMIT = 50;
/** The last page a search reads (10,000 results): a list is narrowed by typing, not by paging. */
export const SEARCH_LAST_PAGE = 199;

/**
 * A customer as staff see it. `status` is the free-text Notes field; `banned` is computed
 * from it (a banned customer is listed but cannot be booked). `userFname` (the favourite staff member's
 * name) is only present when the customers service knows it (from scheduling's staff events).
 */
export const Customer = z.object({
  id: z.number(),
  storeId: z.number(),
  fname: z.string(),
  lname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  banned: z.boolean(),
  fav_staffId: z.number().nullable(),
  book_with_fav_staff: z.union([z.literal(0), z.literal(1)]),
  visited: z.number(),
  color: z.string().nullable(),
  userFname: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerResponse = z.object({ customer: Customer });
export const CustomersResponse = z.object({ customers: z.array(Customer) });
/** `?page=N` (from 0) of a search: SEARCH_LIMIT results a page, best first. */
export const SearchPageQuery = z.object({ page: numeric(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(SEARCH_LAST_PAGE, `must be ${SEARCH_LAST_PAGE} or less`)).optional() });
/** A search's page, and whether another follows it. */
export const CustomersPageResponse = CustomersResponse.extend({ more: z.boolean() });
/** What a caller without store access gets from POST customer: the id only. */
export const PublicCustomerResponse = z.object({ customer: z.object({ id: z.number() }) });

/** Optional phone: '' or null means none; anything else must be 10 digits once formatting is stripped. */
const OptionalPhone = z
  .union([z.string().max(20), z.null()])
  .optional()
  .transform((v) => (v == null ? v : digitsOnly(v)))
  .refine((v) => v == null || v === '' || v.length === 10, 'must have 10 digits')
  .transform((v) => (v === '' ? null : v));

/** Optional email: '' or null means none. */
const OptionalEmail = z
  .union([z.literal(''), z.null(), Email])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** 0 or null means no favourite staff. */
const FavStaffId = z
  .union([Id, z.null()])
  .optional()
  .transform((v) => (v === 0 ? null : v));

/** 0|1, also accepting booleans and "0"/"1" from forms. */
const ZeroOne = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')], { error: 'must be 0 or 1' })
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);

const Notes = text(1000);
const Name = text(100).toLowerCase();
/** Missing, not text, or blank: the spec's message, as it is. */
const FirstName = z
  .string({ error: CUSTOMER_NAME_REQUIRED })
  .trim()
  .min(1, CUSTOMER_NAME_REQUIRED)
  .max(100)
  .toLowerCase();

/** POST customer. */
export const CreateCustomerBody = z.object({
  storeId: Id,
  fname: FirstName,
  lname: Name.optional().default(''),
  email: OptionalEmail,
  phone: OptionalPhone,
  visited: numeric(z.number().int().min(0).max(1_000_000)).optional(),
  fav_staffId: FavStaffId,
  book_with_fav_staff: ZeroOne.optional(),
  status: Notes.optional(),
  color: Color.optional(),
  /** The booking flow without a token: the account the visitor has just registered (its phone must match). */
  userId: Id.optional(),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

/** PATCH customer/{id}: every field optional; a given fname must not be blank. */
export const UpdateCustomerBody = z.object({
  fname: FirstName.optional(),
  lname: Name.optional(),
  email: OptionalEmail,
  phone: OptionalPhone,
  status: Notes.optional(),
  fav_staffId: FavStaffId,
  book_with_fav_staff: ZeroOne.optional(),
  color: Color.optional(),
});
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

export const CustomerIdParams = z.object({ id: Id });
export const StoreIdParams = z.object({ storeId: Id });

/** The client sends the literal 'null' for an empty part; the search treats it as absent. */
const SearchPart = z
  .string()
  .max(100, 'is too long')
  .transform((v) => (v.trim().toLowerCase() === 'null' ? '' : v.trim()));

export const SearchKeyParams = z.object({
  storeId: Id,
  key: z.string().trim().min(1, 'is required').max(100, 'is too long'),
});
export const SearchNameAndPhoneParams = z.object({
  storeId: Id,
  fname: SearchPart,
  lname: SearchPart,
  phone: SearchPart.refine((v) => v === '' || /^[\d\s()+.-]+$/.test(v), 'must be digits'),
});
export const SearchByIdParams = z.object({ storeId: Id, id: Id });

export const MergeCustomersBody = z
  .object({
    /** The customer to keep (the merge dialog's 'Keep'). */
    source: Id,
    /** The customer merged into `source` and then removed ('Delete'). */
    dest: Id,
  })
  .refine((b) => b.source !== b.dest, { message: 'must differ from source', path: ['dest'] });

export const PublicCustomerLookupParams = z.object({
  storeId: Id,
  phone: z
    .string()
    .max(20)
    .transform((v) => digitsOnly(v))
    .refine((v) => v.length === 10, 'must have 10 digits'),
});
export const PublicCustomerLookupResponse = z.object({
  customers: z.array(z.object({ id: z.number(), fav_staffId: z.number().nullable(), book_with_fav_staff: z.union([z.literal(0), z.literal(1)]) })),
});
