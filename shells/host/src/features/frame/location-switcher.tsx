import { NativeSelect } from '@mantine/core';
import { useSession } from '@turnbook/web-kit';
import { chooseStore, useLocations } from '@turnbook/web-kit/store-access';
import { useLocation, useNavigate } from 'react-router-dom';

/** A store's lists: a record screen (one service, customer, staff member) of one store is no record of another's. */
const LISTS: Record<string, string> = { service: '/services', services: '/services', customer: '/customers', customers: '/customers', staff: '/staffs', staffs: '/staffs' };

/**
 * Where the same screen of another location is: the calendar and Store Details by its permalink, a store
 * list (or a record's screen) at the list, anything else (reports, the account) where it is.
 */
export function samePageAt(pathname: string, permalink: string): string {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'calendar') return `/calendar/${permalink}`;
  if (first === 'store') return `/store/${permalink}`;
  return LISTS[first] ?? pathname;
}

/**
 * The location switcher of an owner or franchise manager with more than one location (docs/product/roles.md):
 * in the header of the calendar and every store screen, one choice away, without going back to /stores.
 */
export function LocationSwitcher() {
  const locations = useLocations();
  const storeId = useSession((s) => s.store_id);
  const userId = useSession((s) => s.user_id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const stores = locations.data ?? [];
  if (stores.length < 2) return null;
  const current = stores.find((s) => String(s.id) === storeId);

  const switchTo = async (id: string) => {
    const store = stores.find((s) => String(s.id) === id);
    if (!store) return;
    await chooseStore(store, userId);
    navigate(samePageAt(pathname, store.permalink));
  };

  return (
    <NativeSelect
      aria-label="Location"
      size="sm"
      maw={{ base: 150, sm: 260 }}
      value={current ? String(current.id) : ''}
      onChange={(e) => void switchTo(e.currentTarget.value)}
      data={[...(current ? [] : [{ value: '', label: 'Choose a location', disabled: true }]), ...stores.map((s) => ({ value: String(s.id), label: s.name.replace(/(?<=^|\s)\S/g, (c) => c.toUpperCase()) }))]}
      tt="none"
    />
  );
}
