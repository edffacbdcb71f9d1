import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { customerKeys, isDotsOnly, matchesLocally, type Customer } from './model';

type Page = { customers: Customer[]; more: boolean };

// A name of dots alone cannot travel in a path ('.' and '..' are path steps): it is left out of the call
// and the answer is filtered here.
const sent = (v: string) => (isDotsOnly(v) ? '' : v.trim());

/** True when no part would reach the server: 002 §5 clears the list then. */
export const isEmptySearch = (f: string, l: string, p: string) => !sent(f) && !sent(l) && !p.trim();

/**
 * /customers' search, a page of 50 at a time from the server (best first); `fetchNextPage` reads the next
 * one. A store of 100,000 customers is never downloaded: the list is narrowed by typing.
 */
export function useCustomerSearch(storeId: number | undefined, f: string, l: string, p: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.search(storeId, f.trim(), l.trim(), p.trim()),
    enabled: Boolean(storeId) && !isEmptySearch(f, l, p),
    initialPageParam: 0,
    getNextPageParam: (last: Page, pages: Page[]) => (last.more ? pages.length : undefined),
    queryFn: async ({ pageParam }): Promise<Page> => {
      const part = (v: string) => sent(v) || 'null';
      const digits = p.replace(/\D/g, '');
      // A phone with no digit at all cannot match any phone.
      if (p.trim() && !digits) return { customers: [], more: false };
      const answer = await api.get(
        'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}',
        { storeId: storeId!, fname: part(f), lname: part(l), phone: digits || 'null' },
        pageParam ? { query: { page: pageParam } } : undefined,
      );
      const found = answer.customers ?? [];
      return { customers: [f, l].some(isDotsOnly) ? found.filter((c) => matchesLocally(c, f, l, p)) : found, more: Boolean(answer.more) };
    },
    select: (data) => ({ customers: data.pages.flatMap((page) => page.customers), more: data.pages.at(-1)?.more ?? false }),
  });
}
