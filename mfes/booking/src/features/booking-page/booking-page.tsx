import { useQuery } from '@tanstack/react-query';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { StoreNotFound } from './store-not-found';
import { StoreCard } from './store-card';
import { servicesQuery, staffQuery } from './offer-queries';
import { StoreOffer } from './store-offer';

// The first paint is the store's card; the modals (and the account form's checks) load when opened.
const BookingModal = lazy(() => import(/* webpackChunkName: "booking-modal" */ '../booking-modal/booking-modal'));
const LoginModal = lazy(() => import(/* webpackChunkName: "booking-account" */ '../account/login-modal'));
const SignupModal = lazy(() => import(/* webpackChunkName: "booking-account" */ '../account/signup-modal'));

type Open = 'book' | 'login' | 'signup' | null;

/** /booking/{permalink}, public: the store's card, its services and team, its week, Book Now and (logged out) Login and Sign Up. */
export default function BookingPage() {
  const { permalink = '' } = useParams();
  const loggedIn = Boolean(useSession((s) => s.access_token));
  const [open, setOpen] = useState<Open>(null);
  // Book on a service of the menu: the booking opens with that service chosen.
  const [picked, setPicked] = useState<number[]>([]);
  // Log in from inside the booking modal: once signed in, the booking opens again (its choices start over).
  const [bookAfterLogin, setBookAfterLogin] = useState(false);
  const store = useQuery({
    queryKey: ['booking', 'store', permalink],
    queryFn: async () => (await api.get('GET public_getStoreByPermalink/{permalink}', { permalink })).stores[0] ?? null,
    retry: (n, e) => !(isApiError(e) && e.status < 500) && n < 2,
  });

  // The menu and team (above the hours) are read before the page shows, so they never push the card's
  // lower half down once it is painted (Lighthouse counted that shift: CLS 0.31); the document's first view
  // keeps the store's card on screen meanwhile (shells/host first-view/slot.ts).
  const storeId = store.data?.id;
  const services = useQuery({ ...servicesQuery(storeId ?? 0), enabled: storeId !== undefined });
  const staff = useQuery({ ...staffQuery(storeId ?? 0), enabled: storeId !== undefined });

  if (store.isPending || (storeId !== undefined && (services.isPending || staff.isPending))) return <LoadingState label="Loading the store…" />;
  if ((store.isError && isApiError(store.error) && store.error.status === 404) || (store.isSuccess && !store.data)) return <StoreNotFound />;
  if (store.isError || !store.data) return <ErrorState message="The store could not be loaded." onRetry={() => void store.refetch()} />;
  const s = store.data;

  return (
    <StoreCard
      store={s}
      loggedIn={loggedIn}
      onBook={() => {
        setPicked([]);
        setOpen('book');
      }}
      onLogin={() => setOpen('login')}
      onSignUp={() => setOpen('signup')}
      offer={
        <StoreOffer
          services={services.data ?? []}
          staff={staff.data ?? []}
          onBook={(id) => {
            setPicked([id]);
            setOpen('book');
          }}
        />
      }
    >
      <Suspense fallback={null}>
        {open === 'book' && (
          <BookingModal
            store={s}
            serviceIds={picked}
            onClose={() => setOpen(null)}
            onLogin={() => {
              setBookAfterLogin(true);
              setOpen('login');
            }}
          />
        )}
        {open === 'login' && (
          <LoginModal
            onClose={(signedIn) => {
              setOpen(signedIn && bookAfterLogin ? 'book' : null);
              setBookAfterLogin(false);
            }}
            onSignUp={() => setOpen('signup')}
          />
        )}
        {open === 'signup' && <SignupModal onClose={() => setOpen(null)} onLogin={() => setOpen('login')} />}
      </Suspense>
    </StoreCard>
  );
}
