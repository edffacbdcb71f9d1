import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { Anchor, Badge, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { DateTime } from 'luxon';
import { Link } from 'react-router-dom';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { splitCustomerAppointments } from './split-appointments';
import { formatDollars } from '@turnbook/domain/money/money';
import { displayName, fullName } from '@turnbook/domain/text/names';

const keys = {
  customer: (storeId: number, id: number) => [...calendarKeys.store(storeId), 'customer', id] as const,
  appointments: (storeId: number, id: number) => [...calendarKeys.store(storeId), 'customer', id, 'appointments'] as const,
};

const showDate = (d: string) => DateTime.fromISO(d).toFormat('ccc, MM/dd/yyyy');

function AppointmentItem({ a, showStaff }: { a: AppointmentView; showStaff: boolean }) {
  const cancelled = a.status === 'CANCEL';
  const staff = a.nickname || a.userFname;
  return (
    <Card component="li" withBorder padding="xs" radius="sm" aria-label={`Appointment ${showDate(a.date)} ${a.start}${cancelled ? ', canceled' : ''}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {showDate(a.date)} · {a.start} - {a.end}
        </Text>
        {cancelled && (
          <Badge color="red.9" variant="filled">
            CANCELED
          </Badge>
        )}
      </Group>
      {a.services.length > 0 && <Text size="sm">{a.services.filter(Boolean).map((s) => s.name).join(', ')}</Text>}
      {showStaff && staff && <Text size="sm">Appointment with {displayName(staff)}</Text>}
      {a.sale !== null && a.sale > 0 && <Text size="sm">Sale: {formatDollars(a.sale)}</Text>}
      {a.note && (
        <Text size="sm" c="dimmed">
          Note: {a.note}
        </Text>
      )}
    </Card>
  );
}

function AppointmentList({ items, showStaff }: { items: AppointmentView[]; showStaff: boolean }) {
  if (!items.length) return <EmptyState />;
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((a) => (
        <AppointmentItem key={a.id} a={a} showStaff={showStaff} />
      ))}
    </Stack>
  );
}

/**
 * The customer details modal opened from an appointment's customer name: who they are, and their upcoming
 * and past appointments in this store. 'Appointment with' (the staff member) shows only to the owner, admins
 * and superadmins.
 */
export default function CustomerDetailsModal({ storeId, timezone, customerId, onClose }: { storeId: number; timezone: string; customerId: number; onClose: () => void }) {
  const access = useStoreAccess(storeId);
  const manager = access.can('storeManager');
  const customer = useQuery({
    queryKey: keys.customer(storeId, customerId),
    queryFn: async () => (await api.get('GET customer/{id}', { id: customerId })).customer,
  });
  const list = useQuery({
    queryKey: keys.appointments(storeId, customerId),
    queryFn: async () =>
      (await api.get('GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}', { storeId, customerId })).appointments,
  });
  const c = customer.data;
  let body;
  if (customer.isPending) body = <LoadingState label="Loading the customer…" />;
  else if (customer.isError) body = <ErrorState message={customer.error.message} onRetry={() => customer.refetch()} />;
  else if (!c) body = <Text>This customer no longer exists.</Text>;
  else {
    const today = DateTime.now().setZone(timezone).toISODate()!;
    const split = list.data ? splitCustomerAppointments(list.data, today) : null;
    body = (
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {fullName(c) || 'No name'}
            </Title>
            {c.banned && (
              <Badge color="red.9" variant="filled">
                Banned
              </Badge>
            )}
          </Group>
          <Text size="sm">Phone: {c.phone ? formatPhone(c.phone) : '—'}</Text>
          {c.email && <Text size="sm">Email: {c.email}</Text>}
          {c.status && <Text size="sm">Notes: {c.status}</Text>}
          <Group gap="md">
            <Anchor component={Link} to={`/customer/${c.id}`} size="sm">
              Open customer page
            </Anchor>
            {access.isOwner && (
              <Anchor component={Link} to={`/customers/edit/${c.id}`} size="sm">
                Edit customer
              </Anchor>
            )}
          </Group>
        </Stack>
        {list.isPending ? (
          <LoadingState label="Loading appointments…" />
        ) : list.isError ? (
          <ErrorState message={list.error.message} onRetry={() => list.refetch()} />
        ) : (
          <>
            <Stack gap="xs" component="section" aria-labelledby="customer-upcoming">
              <Title order={4} size="h5" id="customer-upcoming">
                Upcoming appointments
              </Title>
              <AppointmentList items={split!.upcoming} showStaff={manager} />
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="customer-past">
              <Title order={4} size="h5" id="customer-past">
                Past appointments
              </Title>
              <AppointmentList items={split!.past} showStaff={manager} />
            </Stack>
          </>
        )}
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title="Customer details" size="lg" centered>
      {body}
    </Modal>
  );
}
