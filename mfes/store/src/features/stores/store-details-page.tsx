import { Anchor, Button, Divider, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { isNotAvailable, useSession } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { fetchStoreByPermalink, storeKeys } from './store-api';
import { addressLine, DAY_KEYS, DAY_LABELS, displayDay, hoursObject } from './store-model';

// The modal's date picker and searches load when it first opens.
const BookAppointmentModal = lazy(() => import(/* webpackChunkName: "store-book-appointment" */ './book-appointment-modal'));

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** /store/{permalink}: the store's details; id, username and the settings links for the owner only. */
export default function StoreDetailsPage() {
  const { permalink = '' } = useParams();
  const userId = useSession((s) => s.user_id);
  const store = useQuery({ queryKey: storeKeys.byPermalink(permalink), queryFn: () => fetchStoreByPermalink(permalink) });
  const [booking, setBooking] = useState(false);

  if (store.isPending) return <LoadingState label="Loading the store…" />;
  if (store.isError)
    return isNotAvailable(store.error) ? (
      <NotAvailable what="Store Details" onRetry={() => store.refetch()} />
    ) : (
      <StorePage title="Store Details" back={{ to: '/stores', label: 'My Stores' }}>
        <ErrorState message={store.error.message} onRetry={() => store.refetch()} />
      </StorePage>
    );
  const s = store.data;
  if (!s)
    return (
      <StorePage title="Store Details" back={{ to: '/stores', label: 'My Stores' }}>
        <EmptyState>No store</EmptyState>
      </StorePage>
    );
  const isOwner = Boolean(userId) && String(s.ownerId) === userId;
  const hours = hoursObject(s.hours);

  return (
    <StorePage
      title={s.name}
      capitalize
      size="md"
      back={{ to: '/stores', label: 'My Stores' }}
      actions={
        <>
          <Button variant="filled" onClick={() => setBooking(true)}>
            Book appointment
          </Button>
          {isOwner && (
          <>
            <Button component={Link} to={`/stores/edit/${s.permalink}`} variant="light" leftSection={<span aria-hidden>⚙</span>} aria-label="Store settings">
              Settings
            </Button>
            <Button component={Link} to={`/stores/security/${s.id}`} variant="default">
              Change password
            </Button>
          </>
          )}
        </>
      }
    >
      <StoreCard label="Store information">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Row label="Name">
            <Text tt="capitalize" span>
              {s.name}
            </Text>
          </Row>
          {isOwner && <Row label="Store id">{s.id}</Row>}
          <Row label="Address">
            <Text tt="capitalize" span>
              {addressLine(s)}
            </Text>
          </Row>
          <Row label="Phone">
            <Anchor href={`tel:${s.phone}`}>{formatPhone(s.phone)}</Anchor>
          </Row>
          <Row label="Email">
            <Anchor href={`mailto:${s.email}`}>{s.email}</Anchor>
          </Row>
          {isOwner && <Row label="Username">{s.username}</Row>}
          <Row label="Time zone">{s.timezone}</Row>
        </SimpleGrid>
      </StoreCard>
      <StoreCard label="Business hours">
        <Text fw={700} mb="xs">
          Business hours
        </Text>
        <Divider mb="xs" />
        <Table verticalSpacing={6} aria-label="Business hours">
          <Table.Tbody>
            {DAY_KEYS.map((d) => {
              const text = displayDay(hours[d]);
              return (
                <Table.Tr key={d}>
                  <Table.Th scope="row" fw={600} w="40%">
                    {DAY_LABELS[d]}
                  </Table.Th>
                  <Table.Td c={text === 'CLOSED' ? 'red' : undefined} fw={text === 'CLOSED' ? 600 : undefined}>
                    {text}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </StoreCard>
      {booking && (
        <Suspense fallback={null}>
          <BookAppointmentModal store={s} isOwner={isOwner} onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </StorePage>
  );
}
