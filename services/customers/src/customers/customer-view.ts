import type { customers } from '@turnbook/contracts';
import type { CustomerDoc } from './repository';

/** Notes containing 'banned' (any case) mark a customer who is shown but cannot be booked. */
export function isBanned(status: string | null | undefined): boolean {
  return /banned/i.test(status ?? '');
}

/** The answer shape, with the spec's field names; `userFname` only when we know the favourite's name. */
export function toCustomer(doc: CustomerDoc, favName?: string): customers.Customer {
  return {
    id: doc._id,
    storeId: doc.storeId,
    fname: doc.fname ?? '',
    lname: doc.lname ?? '',
    email: doc.email ?? null,
    phone: doc.phone ?? null,
    status: doc.status ?? '',
    banned: isBanned(doc.status),
    fav_staffId: doc.fav_staffId || null,
    book_with_fav_staff: doc.book_with_fav_staff === 1 ? 1 : 0,
    visited: doc.visited ?? 0,
    color: doc.color ?? null,
    ...(favName ? { userFname: favName } : {}),
    created_at: new Date(doc.created_at).toISOString(),
    updated_at: new Date(doc.updated_at).toISOString(),
  };
}
