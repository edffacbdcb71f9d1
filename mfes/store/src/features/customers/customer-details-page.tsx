import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { LoadingState, PageNotFound, ReadFailed } from '@turnbook/web-kit/ui';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useStaffList } from '../staff/model';
import { Allowed, EditIcon, HeartIcon, PeoplePage, PlusIcon } from '../staff/ui';
import { CustomerAppointments } from './customer-appointments';
import { customerName, favName, useCustomer } from './model';

function Details() {
  const { customerId } = useParams();
  const access = useStoreAccess();
  const customer = useCustomer(customerId);
  const staff = useStaffList(access.storeId);
  if (!customerId || !/^\d+$/.test(customerId)) return <Navigate to="/customers" replace />;
  if (customer.isPending) return <LoadingState />;
  if (customer.isError)
    return (
      <ReadFailed
        error={customer.error}
        what="This customer"
        notFound={<PageNotFound title="Customer not found">There is no customer with this number.</PageNotFound>}
        onRetry={() => customer.refetch()}
      />
    );
  const c = customer.data;
  if (!c || c.storeId !== access.storeId) return <PageNotFound title="Customer not found">The customer is not in the chosen store.</PageNotFound>;
  const fav = favName(c, staff.data);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Customer">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs">
              <Title order={2} size="h3">
                {customerName(c)}
              </Title>
              {c.banned && (
                <Badge color="red.9" variant="filled">
                  Banned
                </Badge>
              )}
            </Group>
            {access.isOwner && (
              <Button component={Link} to={`/customers/edit/${c.id}`} variant="light" size="xs" leftSection={<EditIcon width={16} height={16} />}>
                Edit
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            ID: {c.id}
          </Text>
          <Text size="sm">First name: {customerName({ fname: c.fname, lname: '' })}</Text>
          <Text size="sm">Last name: {c.lname ? customerName({ fname: c.lname, lname: '' }) : '—'}</Text>
          {c.email && <Text size="sm">Email: {c.email}</Text>}
          <Text size="sm">Phone: {c.phone ? formatPhone(c.phone) : '—'}</Text>
          {fav && (
            <Group gap={6}>
              <Text component="span" c="pink.6" display="inline-flex" aria-hidden>
                <HeartIcon width={16} height={16} />
              </Text>
              <Text size="sm">Favorite staff: {fav}</Text>
            </Group>
          )}
          {c.status && (
            <Text size="sm" c={c.banned ? 'red.7' : undefined}>
              Notes: {c.status}
            </Text>
          )}
        </Stack>
      </Paper>
      <CustomerAppointments customerId={c.id} />
    </Stack>
  );
}

/** /customer/{customerId}: Customer Details (docs/product/README.md). */
export default function CustomerDetailsPage() {
  return (
    <Allowed rule="storeNotLimited" redirect="/stores/">
      <PeoplePage
        title="Customer Details"
        back={{ to: '/customers', label: 'Customers' }}
        actions={
          <Anchor component={Link} to="/customers/create" aria-label="Add customer" display="inline-flex">
            <PlusIcon />
          </Anchor>
        }
      >
        <Details />
      </PeoplePage>
    </Allowed>
  );
}
