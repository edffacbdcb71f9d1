import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { capitalize } from '../staff/model';
import { formatDate, splitAppointments, useCustomerAppointments, type CustomerAppointment } from './model';
import { formatDollars } from '@turnbook/domain/money/money';

function AppointmentCard({ a, showStaff, showSale }: { a: CustomerAppointment; showStaff: boolean; showSale: boolean }) {
  const cancelled = a.status === 'CANCEL';
  const staff = a.userFname || a.nickname;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      data-cancelled={cancelled || undefined}
      bg={cancelled ? 'red.0' : undefined}
      style={cancelled ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      aria-label={`Appointment ${formatDate(a.date)} ${a.start}${cancelled ? ', canceled' : ''}`}
    >
      <Stack gap={2}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{formatDate(a.date)}</Text>
          {cancelled && (
            <Badge color="red.9" variant="filled">
              CANCELED
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {a.start} – {a.end}
        </Text>
        {a.services?.length > 0 && <Text size="sm">{a.services.filter(Boolean).map((s) => s.name).join(', ')}</Text>}
        {showStaff && staff && <Text size="sm">Appointment with {capitalize(staff)}</Text>}
        {showSale && a.sale != null && <Text size="sm">Sale: {formatDollars(a.sale)}</Text>}
        {a.note && (
          <Text size="sm" c="dimmed">
            Notes: {a.note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function AppointmentList({ items, showStaff, showSale }: { items: CustomerAppointment[]; showStaff: boolean; showSale: boolean }) {
  if (!items.length) return <EmptyState />;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((a) => (
        <AppointmentCard key={a.id} a={a} showStaff={showStaff} showSale={showSale} />
      ))}
    </Stack>
  );
}

/** Upcoming and past (latest 15) appointments of a customer; staff name and sale for managers only. */
export function CustomerAppointments({ customerId }: { customerId: number }) {
  const access = useStoreAccess();
  const list = useCustomerAppointments(access.storeId, customerId);
  // docs/product/roles.md: 'Appointment with' and Sale for owner, admin, superadmin.
  const manager = access.isOwner || access.isSuperAdmin || access.staffRole === 'admin' || access.staffRole === 'superadmin';
  if (list.isPending) return <LoadingState label="Loading appointments…" />;
  if (list.isError) return isNotAvailable(list.error) ? <NotAvailable what="Appointments" onRetry={() => list.refetch()} /> : <ErrorState message={list.error.message} onRetry={() => list.refetch()} />;
  const { upcoming, past } = splitAppointments(list.data);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Upcoming appointments
        </Title>
        <AppointmentList items={upcoming} showStaff={manager} showSale={manager} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Past appointments
        </Title>
        <AppointmentList items={past} showStaff={manager} showSale={false} />
      </Stack>
    </Stack>
  );
}
