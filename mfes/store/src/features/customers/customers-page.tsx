import { ActionIcon, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { confirm, EmptyState, ErrorState, Hint, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStaffList, type Employee } from '../staff/model';
import { Allowed, HeartIcon, PeoplePage, PlusIcon } from '../staff/ui';
import { customerName, favName, type Customer } from './model';
import { isEmptySearch, useCustomerSearch } from './use-customer-search';


// The details modal (and Mantine's Modal with it) loads when a customer is opened, not with the list.
const CustomerDetailsModal = lazy(() => import(/* webpackChunkName: "customer-details-modal" */ './customer-details-modal'));


function CustomerRow({
  c,
  staff,
  merge,
  keepId,
  deleteId,
  onKeep,
  onDelete,
  onDetails,
}: {
  c: Customer;
  staff?: Employee[];
  merge: boolean;
  keepId: number | null;
  deleteId: number | null;
  onKeep: (id: number) => void;
  onDelete: (id: number) => void;
  onDetails: (c: Customer) => void;
}) {
  const name = customerName(c);
  const fav = favName(c, staff);
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`Customer ${name}`} bg={keepId === c.id ? 'green.0' : deleteId === c.id ? 'red.0' : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/customer/${c.id}`} fw={700} c="inherit" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Anchor>
            {fav && (
              <Hint label={`Favorite staff: ${fav}`}>
                <Text component="span" c="pink.6" display="inline-flex" aria-label={`Favorite staff: ${fav}`} role="img">
                  <HeartIcon width={16} height={16} />
                </Text>
              </Hint>
            )}
            {c.banned && (
              <Badge color="red.9" variant="filled" size="sm">
                Banned
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            ID {c.id}
          </Text>
        </Group>
        {c.email && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {c.email}
          </Text>
        )}
        {c.phone && <Text size="sm">{formatPhone(c.phone)}</Text>}
        {c.status && (
          <Text size="sm" c={c.banned ? 'red.7' : 'dimmed'} lineClamp={2}>
            {c.status}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" onClick={() => onDetails(c)} aria-label={`Details of ${name}`}>
            Details
          </Button>
          {merge && (
            <>
              <Button size="xs" color="teal.9" variant={keepId === c.id ? 'filled' : 'outline'} aria-pressed={keepId === c.id} onClick={() => onKeep(c.id)} aria-label={`Keep ${name} (${c.id})`}>
                Keep
              </Button>
              <Button size="xs" color="red.9" variant={deleteId === c.id ? 'filled' : 'outline'} aria-pressed={deleteId === c.id} onClick={() => onDelete(c.id)} aria-label={`Delete ${name} (${c.id})`}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** /customers: search, list, details modal and the owner's merge mode (docs/product/README.md, docs/product/statuses.md, docs/product/validation.md). */
export function CustomersScreen() {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const staff = useStaffList(access.storeId);
  const [fname, setFname] = useState('');
  const [lname, setLname] = useState('');
  const [phone, setPhone] = useState('');
  const [typed] = useDebouncedValue(JSON.stringify([fname, lname, phone]), 500);
  const [f, l, p] = JSON.parse(typed) as [string, string, string];
  const empty = isEmptySearch(f, l, p);
  const search = useCustomerSearch(access.storeId, f, l, p);
  const [details, setDetails] = useState<Customer | null>(null);
  const [merge, setMerge] = useState(false);
  const [keepId, setKeepId] = useState<number | null>(null);
  const [deleteId, setDeleteId] = useState<number | null>(null);
  const [merging, setMerging] = useState(false);
  const [mergeError, setMergeError] = useState<string | null>(null);
  const [merged, setMerged] = useState<string | null>(null);

  const edit = (set: (v: string) => void) => (v: string) => set(v);
  const reset = () => {
    setFname('');
    setLname('');
    setPhone('');
  };

  // 002 §5: with all three fields empty the list is cleared; the page opens that way (a store of 100,000
  // customers is no list to scroll), and the server answers searches a page of 50 at a time.
  const results: Customer[] | undefined = empty ? [] : search.data?.customers;
  const pending = !empty && search.isPending;
  const error = empty ? null : search.error;

  const doMerge = async () => {
    if (keepId == null || deleteId == null) return;
    const keep = results?.find((c) => c.id === keepId);
    const drop = results?.find((c) => c.id === deleteId);
    const label = (c: Customer | undefined, id: number) => (c ? `${customerName(c)} (${id})` : `#${id}`);
    if (!(await confirm(`Do you want to merge ${label(drop, deleteId)} into ${label(keep, keepId)}? ${label(drop, deleteId)} will be deleted.`, { danger: true }))) return;
    setMerging(true);
    setMergeError(null);
    try {
      await api.post('POST mergeCustomers', { source: keepId, dest: deleteId });
      await qc.invalidateQueries({ queryKey: ['customers'] });
      setMerged(`Merged into ${label(keep, keepId)}.`);
      setKeepId(null);
      setDeleteId(null);
      setMerge(false);
    } catch (e) {
      setMergeError((e as Error).message);
    } finally {
      setMerging(false);
    }
  };

  let list;
  if (pending) list = <LoadingState label="Loading customers…" />;
  else if (error) list = isNotAvailable(error) ? <NotAvailable what="Customers" /> : <ErrorState message={error.message} onRetry={() => search.refetch()} />;
  else if (empty) list = <EmptyState>Type a first name, last name or phone to search.</EmptyState>;
  else if (!results?.length) list = <EmptyState>No customer</EmptyState>;
  else
    list = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {results.length}{search.data?.more ? '+' : ''} customer{results.length === 1 ? '' : 's'}
        </Text>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customers">
          {results.map((c) => (
            <CustomerRow
              key={c.id}
              c={c}
              staff={staff.data}
              merge={merge}
              keepId={keepId}
              deleteId={deleteId}
              onKeep={(id) => {
                setKeepId(keepId === id ? null : id);
                if (deleteId === id) setDeleteId(null);
              }}
              onDelete={(id) => {
                setDeleteId(deleteId === id ? null : id);
                if (keepId === id) setKeepId(null);
              }}
              onDetails={setDetails}
            />
          ))}
        </SimpleGrid>
        {search.hasNextPage && (
          <Button variant="subtle" loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
            Show more
          </Button>
        )}
      </Stack>
    );

  return (
    <PeoplePage
      title="Customers"
      size="lg"
      actions={
        <Hint label="Add customer">
          <ActionIcon component={Link} to="/customers/create" variant="filled" size="lg" aria-label="Add customer">
            <PlusIcon />
          </ActionIcon>
        </Hint>
      }
    >
      <Card withBorder radius="md" padding="md" component="form" role="search" aria-label="Search customers" onSubmit={(e) => e.preventDefault()}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="First name" value={fname} onChange={(e) => edit(setFname)(e.currentTarget.value)} autoComplete="off" maxLength={100} />
            <TextInput label="Last name" value={lname} onChange={(e) => edit(setLname)(e.currentTarget.value)} autoComplete="off" maxLength={100} />
            <TextInput label="Phone" type="tel" inputMode="tel" value={phone} onChange={(e) => edit(setPhone)(e.currentTarget.value)} autoComplete="off" maxLength={20} />
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={reset}>
              Reset
            </Button>
            {access.isOwner && (
              <Switch
                label="Merge customers"
                checked={merge}
                onChange={(e) => {
                  setMerge(e.currentTarget.checked);
                  setKeepId(null);
                  setDeleteId(null);
                  setMergeError(null);
                  setMerged(null);
                }}
              />
            )}
          </Group>
          {merge && (
            <Stack gap="xs">
              <Text size="sm">
                Choose one customer to <strong>Keep</strong> and one to <strong>Delete</strong>: the deleted one's appointments move to the kept one.
              </Text>
              <Group gap="xs">
                <Badge color="teal.9" variant="outline">
                  Keep: {keepId ?? '—'}
                </Badge>
                <Badge color="red.9" variant="outline">
                  Delete: {deleteId ?? '—'}
                </Badge>
                {keepId != null && deleteId != null && (
                  <Button color="red.9" size="xs" onClick={doMerge} loading={merging}>
                    Merge
                  </Button>
                )}
              </Group>
              {mergeError && <ErrorState message={mergeError} />}
            </Stack>
          )}
          {merged && (
            <Text size="sm" c="green.8" role="status">
              {merged}
            </Text>
          )}
        </Stack>
      </Card>
      {list}
      {details && (
        <Suspense fallback={null}>
          <CustomerDetailsModal customer={details} staff={staff.data} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </PeoplePage>
  );
}

/** Limited staff are sent to /stores/ (docs/product/roles.md). */
export default function CustomersPage() {
  return (
    <Allowed rule="storeNotLimited" redirect="/stores/">
      <CustomersScreen />
    </Allowed>
  );
}
