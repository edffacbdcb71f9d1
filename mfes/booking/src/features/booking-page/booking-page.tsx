import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { StoreNotFound } from './store-not-found';
import { addressLine, weekRows } from './store-hours';

// The first paint is the store's card; the modals (and the account form's checks) load when opened.
const BookingModal = lazy(() => import(/* webpackChunkName: "booking-modal" */ '../booking-modal/booking-modal'));
const LoginModal = lazy(() => import(/* webpackChunkName: "booking-account" */ '../account/login-modal'));
const SignupModal = lazy(() => import(/* webpackChunkName: "booking-account" */ '../account/signup-modal'));

type Open = 'book' | 'login' | 'signup' | null;

/** /booking/{permalink}, public: the store's card, its week, Book Now and (logged out) Login and Sign Up. */
export default function BookingPage() {
  const { permalink = '' } = useParams();
  const loggedIn = Boolean(useSession((s) => s.access_token));
  const [open, setOpen] = useState<Open>(null);
  // Log in from inside the booking modal: once signed in, the booking opens again (its choices start over).
  const [bookAfterLogin, setBookAfterLogin] = useState(false);
  const store = useQuery({
    queryKey: ['booking', 'store', permalink],
    queryFn: async () => (await api.get('GET public_getStoreByPermalink/{permalink}', { permalink })).stores[0] ?? null,
    retry: (n, e) => !(isApiError(e) && e.status < 500) && n < 2,
  });

  if (store.isPending) return <LoadingState label="Loading the store…" />;
  if ((store.isError && isApiError(store.error) && store.error.status === 404) || (store.isSuccess && !store.data)) return <StoreNotFound />;
  if (store.isError || !store.data) return <ErrorState message="The store could not be loaded." onRetry={() => void store.refetch()} />;
  const s = store.data;
  const phone = formatPhone(s.phone);

  return (
    <Stack component="article" aria-labelledby="store-name" maw={560} mx="auto" p="md" gap="md">
      <Stack gap={4}>
        <Title order={1} id="store-name" tt="capitalize">
          {s.name}
        </Title>
        <Text tt="capitalize">{addressLine(s)}</Text>
        {s.phone && (
          <Anchor href={`tel:${s.phone.replace(/\D/g, '')}`} fw={600}>
            {phone}
          </Anchor>
        )}
        <Text size="sm">For group inquiries please call the shop</Text>
      </Stack>
      <Group grow>
        <Button size="md" onClick={() => setOpen('book')}>
          Book Now
        </Button>
      </Group>
      {!loggedIn && (
        <Group grow>
          <Button variant="outline" onClick={() => setOpen('login')}>
            Login
          </Button>
          <Button variant="outline" onClick={() => setOpen('signup')}>
            Sign Up
          </Button>
        </Group>
      )}
      <section aria-labelledby="hours-title">
        <Title order={2} size="h3" id="hours-title" mb="xs">
          Business hours
        </Title>
        <Table>
          <Table.Tbody>
            {weekRows(s.hours).map((r) => (
              <Table.Tr key={r.day}>
                <Table.Th scope="row" fw={500}>
                  {r.day}
                </Table.Th>
                <Table.Td fw={r.closed ? 700 : undefined}>{r.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <Suspense fallback={null}>
        {open === 'book' && (
          <BookingModal
            store={s}
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
    </Stack>
  );
}
