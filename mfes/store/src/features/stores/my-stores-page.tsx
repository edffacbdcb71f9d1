import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isCustomer, isNotAvailable, useSession } from '@turnbook/web-kit';
import { chooseStore } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { StorePage } from '../page-frame/store-page';
import { storeKeys } from './store-api';
import { addressLine, type Store } from './store-model';

function StoreTile({ store, onOpen }: { store: Store; onOpen: (s: Store) => void }) {
  const href = `/calendar/${store.permalink}`;
  return (
    <Card withBorder radius="md" padding="md" shadow="xs">
      <UnstyledButton
        component="a"
        href={href}
        onClick={(e: React.MouseEvent) => {
          e.preventDefault();
          onOpen(store);
        }}
        style={{ display: 'block' }}
      >
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="lg" tt="capitalize" lineClamp={2}>
              {store.name}
              {/* The link's name is its visible text (WCAG 2.5.3), with what it does spelled out for screen readers. */}
              <VisuallyHidden component="span">: open the calendar</VisuallyHidden>
            </Text>
            {store.status && store.status !== 'ON' && <Badge color="gray">{store.status}</Badge>}
          </Group>
          <Text size="sm" c="dimmed" tt="capitalize">
            {addressLine(store)}
          </Text>
          {store.phone && <Text size="sm">{formatPhone(store.phone)}</Text>}
          <Text size="sm" c="blue" mt={4}>
            {href}
          </Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

function StoreSection({ title, query, onOpen, empty }: { title: string; query: ReturnType<typeof useStoreList>; onOpen: (s: Store) => void; empty: string }) {
  let content;
  if (query.isPending) content = <LoadingState label={`Loading ${title}…`} />;
  else if (query.isError)
    content = isNotAvailable(query.error) ? <NotAvailable what="The store list" onRetry={() => query.refetch()} /> : <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  else if (!query.data.length) content = <EmptyState>{empty}</EmptyState>;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {query.data.map((s) => (
          <StoreTile key={s.id} store={s} onOpen={onOpen} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {content}
    </Stack>
  );
}

function useStoreList(kind: 'owned' | 'worked', userId: string | null) {
  return useQuery({
    queryKey: kind === 'owned' ? storeKeys.owned(userId ?? '') : storeKeys.worked(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => {
      const key = kind === 'owned' ? 'GET getStoreByOwnerId/{userId}' : 'GET getStoreByUserId/{userId}';
      const res = await api.get(key, { userId: userId! });
      return res?.stores ?? [];
    },
  });
}

/** /stores: the stores owned ('Your Business(es)') and worked at ('Your Workplaces') (docs/product/README.md). */
export default function MyStoresPage() {
  const userId = useSession((s) => s.user_id);
  const userView = useSession((s) => s.user_view);
  const permalink = useSession((s) => s.store_permalink);
  // Customers never create stores; one who works nowhere has only their appointments.
  const customer = useSession(isCustomer);
  const navigate = useNavigate();
  const owned = useStoreList('owned', userId);
  const worked = useStoreList('worked', userId);

  if (userView === 'OFF') return <Navigate to={permalink ? `/calendar/${permalink}` : '/login'} replace />;

  const open = async (store: Store) => {
    await chooseStore(store, userId);
    navigate(`/calendar/${store.permalink}`);
  };
  const ownedIds = new Set((owned.data ?? []).map((s) => s.id));
  const workplaces = { ...worked, data: worked.data?.filter((s) => !ownedIds.has(s.id)) } as typeof worked;
  const nothing = owned.isSuccess && worked.isSuccess && !owned.data.length && !workplaces.data!.length;
  if (customer && nothing) return <Navigate to="/appointments" replace />;

  return (
    <StorePage
      title="My Stores"
      size="lg"
      actions={
        customer ? undefined : (
          <Button component={Link} to="/stores/create" leftSection={<span aria-hidden>+</span>}>
            Create New Store
          </Button>
        )
      }
    >
      {nothing ? (
        <Stack align="center" py="xl" gap="xs">
          <EmptyState>No stores yet</EmptyState>
          <Text c="dimmed" ta="center">
            Create your first store, or ask a store owner to add you as staff.
          </Text>
          <Anchor component={Link} to="/stores/create">
            Create New Store
          </Anchor>
        </Stack>
      ) : (
        <>
          <StoreSection title="Your Business(es)" query={owned} onOpen={open} empty="No business yet" />
          <StoreSection title="Your Workplaces" query={workplaces} onOpen={open} empty="No workplace yet" />
        </>
      )}
    </StorePage>
  );
}
