import { ActionIcon, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { api, isApiError, isNotAvailable, useRealtimeRefresh } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { AppointmentCard } from './appointment-card';
import { storesToBookAgain, upcoming } from './customer-lists';

const ActionsModal = lazy(() => import(/* webpackChunkName: "booking-actions" */ './actions-modal'));

/**
 * The customer's upcoming appointments, found by their phone; it reads them again on its own when the store
 * answers (the customer's live channel), when the page comes back into view, and on the refresh icon.
 * `verified` is part of the query: the server answers only the account's own requests until the phone is
 * verified, so entering the code reads the list again at once (ruling 16); the account's own requests stay
 * on screen meanwhile instead of a loading state.
 */
export function AppointmentList({ phone, verified }: { phone: string; verified: boolean }) {
  const [open, setOpen] = useState<CustomerAppointmentView | null>(null);
  const [showStores, setShowStores] = useState(false);
  const listKey = ['booking', 'my-appointments', phone, verified];
  const list = useQuery({
    queryKey: listKey,
    queryFn: async () => (await api.get('GET public_getAppointmentsByCustomerPhoneNumber/{phone}', { phone })).stores,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
  useRealtimeRefresh(`customer:${phone}:online-request`, [listKey]);

  const now = new Date();
  const stores = list.data ? storesToBookAgain(list.data, now) : [];
  const items = list.data ? upcoming(list.data, now) : [];

  let body;
  if (list.isPending) body = <LoadingState label="Loading your appointments…" />;
  else if (list.isError)
    body = (
      <ErrorState
        message={isNotAvailable(list.error) ? 'Your appointments cannot be shown just now. Please try again in a moment.' : isApiError(list.error) ? list.error.message : 'Your appointments could not be loaded.'}
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0) body = <EmptyState>No upcoming appointments</EmptyState>;
  else
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="upcoming-title">
        {items.map((a) => (
          <AppointmentCard key={a.id} a={a} onActions={() => setOpen(a)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      {/* Book again lists the stores of past appointments: with none there is nothing to offer, so no button (a grey dead one said nothing). */}
      <Group justify={stores.length ? 'space-between' : 'flex-end'}>
        {stores.length > 0 && (
          <Button variant="outline" onClick={() => setShowStores((v) => !v)} aria-expanded={showStores} aria-controls="book-again-stores">
            Book again
          </Button>
        )}
        <ActionIcon variant="subtle" size="lg" onClick={() => void list.refetch()} loading={list.isFetching} aria-label="Refresh appointments">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M20 11a8 8 0 1 0-2.3 5.7" />
            <path d="M20 4v7h-7" />
          </svg>
        </ActionIcon>
      </Group>
      {showStores && stores.length > 0 && (
        <Stack component="ul" id="book-again-stores" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stores to book again">
          {stores.map((s) => (
            <li key={s.storeId}>
              <Anchor component={Link} to={`/booking/${s.permalink}`} tt="capitalize">
                {s.name}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
      <Title order={2} size="h3" id="upcoming-title">
        Upcoming appointments
      </Title>
      {body}
      <Suspense fallback={null}>
        {open && <ActionsModal appointment={open} onClose={() => setOpen(null)} onChanged={() => void list.refetch()} />}
      </Suspense>
    </Stack>
  );
}
