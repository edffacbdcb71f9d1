import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import { api } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { fullName } from '@turnbook/domain/text/names';

/** The spec's typing delay before a customer search. */
export const SEARCH_DELAY_MS = 500;

export type PickedCustomer = Pick<Customer, 'id' | 'fname' | 'lname' | 'phone'>;

export const customerName = (c: Pick<Customer, 'fname' | 'lname'>) => fullName(c);

export const searchKey = (storeId: number, ...parts: (string | number)[]) => [...calendarKeys.store(storeId), 'customer-search', ...parts] as const;

/**
 * What the new-customer page searches while typing: people with that name (first and last name, whichever
 * are typed) and, once the phone has its 10 digits, people with that phone, as two searches, so a known
 * name with a new phone (or a known phone under another name) is still listed: a same-name customer is
 * never created without the 'create anyway' choice. Those matching both come first. All empty clears it.
 */
export function useNameAndPhoneSearch(storeId: number, fname: string, lname: string, phone: string) {
  const [parts] = useDebouncedValue({ fname: fname.trim(), lname: lname.trim(), phone: phone.replace(/\D/g, '') }, SEARCH_DELAY_MS);
  const byName = !!(parts.fname || parts.lname);
  const byPhone = parts.phone.length === 10;
  const search = (first: string, last: string, digits: string) => async () =>
    (
      await api.get('GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}', { storeId, fname: first || 'null', lname: last || 'null', phone: digits || 'null' })
    ).customers;
  const named = useQuery({ queryKey: searchKey(storeId, 'name', parts.fname, parts.lname), enabled: byName, queryFn: search(parts.fname, parts.lname, '') });
  const phoned = useQuery({ queryKey: searchKey(storeId, 'phone', parts.phone), enabled: byPhone, queryFn: search('', '', parts.phone) });
  return useMemo(() => matchesOf(byName ? named.data ?? [] : [], byPhone ? phoned.data ?? [] : []), [byName, byPhone, named.data, phoned.data]);
}

export type Match = Customer & { matchedBy: 'name and phone' | 'name' | 'phone' };

/** One list of the two searches' answers: each customer once, those found by both first. */
export function matchesOf(byName: Customer[], byPhone: Customer[]): Match[] {
  const phoneIds = new Set(byPhone.map((c) => c.id));
  const nameIds = new Set(byName.map((c) => c.id));
  return [
    ...byName.filter((c) => phoneIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'name and phone' as const })),
    ...byName.filter((c) => !phoneIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'name' as const })),
    ...byPhone.filter((c) => !nameIds.has(c.id)).map((c) => ({ ...c, matchedBy: 'phone' as const })),
  ];
}
