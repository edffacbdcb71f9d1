import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain/hours/today';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { LoadingState, PageNotFound } from '@turnbook/web-kit/ui';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { storeQuery } from '../calendar-data/queries';
import { StoreNotFound, StoreUnread } from '../calendar-data/store-states';
import { FrontDesk } from './front-desk';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The front desk page: /front-desk/{permalink}, and /sign-in-sheets (the Turns Indicator) for the session's
 * store. The shown date lives in the address (?date=), today by default.
 */
export default function FrontDeskPage({ turnsIndicator = false }: { turnsIndicator?: boolean }) {
  const params = useParams();
  const access = useStoreAccess();
  const permalink = turnsIndicator ? (access.permalink ?? '') : (params.permalink ?? '');
  const store = useQuery({ ...storeQuery(permalink), enabled: !!permalink });
  if (!permalink)
    return (
      <PageNotFound title="No store chosen">
        The Turns Indicator shows one store. Choose a store first: <Anchor component={Link} to="/stores">your stores</Anchor>.
      </PageNotFound>
    );
  if (store.isError) return <StoreUnread error={store.error} onRetry={() => void store.refetch()} />;
  if (store.isPending) return <LoadingState />;
  if (!store.data) return <StoreNotFound />;
  return <Desk store={store.data} title={turnsIndicator ? 'Turns Indicator' : `Front desk · ${store.data.name}`} />;
}

function Desk({ store, title }: { store: StoreView; title: string }) {
  const today = todayIn(store.timezone);
  const [search, setSearch] = useSearchParams();
  const date = DAY.test(search.get('date') ?? '') ? search.get('date')! : today;
  const setDate = (d: string) =>
    setSearch((s) => {
      if (DAY.test(d) && d !== today) s.set('date', d);
      else s.delete('date');
      return s;
    });
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="xs" align="flex-end">
          <TextInput type="date" label="Date" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={170} />
          <Button variant="default" onClick={() => setDate(today)} disabled={date === today}>
            Today
          </Button>
          <Button variant="default" component={Link} to={`/calendar/${store.permalink}${date === today ? '' : `?date=${date}`}`}>
            Calendar
          </Button>
        </Group>
      </Group>
      <FrontDesk store={store} date={date} showTurns={store.settings.turnsBlock} showRequests />
    </Stack>
  );
}
