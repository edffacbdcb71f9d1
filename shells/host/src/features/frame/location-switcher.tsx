import { useSession } from '@turnbook/web-kit';
import { chooseStore, useLocations } from '@turnbook/web-kit/store-access';
import { lazy, Suspense, useContext } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';

// The select loads once the locations are known to be several: it never draws at first paint (it waits for
// the list), so the frame's chunks leave it out. It is drawn as Mantine's NativeSelect without NativeSelect
// and its Input (location-select.tsx).
const LocationSelect = lazy(() => import(/* webpackChunkName: "location-select" */ './location-select'));

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
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const navigate = useNavigate();
  const stores = locations.data ?? [];
  if (stores.length < 2) return null;
  const current = stores.find((s) => String(s.id) === storeId);

  const switchTo = async (id: string) => {
    const store = stores.find((s) => String(s.id) === id);
    if (!store) return;
    await chooseStore(store, userId);
    // The address the user is going to, not the screen still shown: React Router moves its history at once
    // but keeps the last screen drawn (a transition) while the next one's module loads, and a choice made
    // then (a calendar clicked on /stores, its module on the way) is meant for the calendar. The router's
    // history (browser or memory) has that location; useLocation has the drawn one.
    const going = (navigator as Partial<{ location: { pathname: string } }>).location?.pathname ?? pathname;
    navigate(samePageAt(going, store.permalink));
  };

  return (
    <Suspense fallback={null}>
      <LocationSelect stores={stores} currentId={current ? String(current.id) : undefined} onChoose={(id) => void switchTo(id)} />
    </Suspense>
  );
}
