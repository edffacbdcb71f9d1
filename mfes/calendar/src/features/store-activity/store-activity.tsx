import { ActionIcon, Badge, Button, Group, Indicator, Text } from '@mantine/core';
import { useRealtimeRefresh } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { lazy, Suspense, useEffect, useState } from 'react';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { money, unreadCount, useDayIncome, useOnlineRequests, useStoreLogs } from './activity-model';
import type { ActivityDialogName } from './activity-dialog';
import type { StoreActivityProps } from './props';
import { todayInZone } from '../day-grid/grid-model';

// The dialogs (Mantine's Modal and the lists) load on the first opening: the calendar route stays light.
const ActivityDialog = lazy(() => import(/* webpackChunkName: "calendar-activity-dialog" */ './activity-dialog'));

function BellIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The online requests bell with its count (admin, owner, superadmin; the caller checks). */
export function RequestsBell({ storeId, onClick, size = 'lg' }: { storeId: number; onClick: () => void; size?: 'lg' | 'xl' }) {
  const requests = useOnlineRequests(storeId, true);
  // No count until it is known: a 0 while loading would be read as "no request".
  const count = requests.data?.length ?? 0;
  return (
    <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4}>
      <ActionIcon variant="default" size={size} aria-label={requests.data ? `Online requests: ${count}` : 'Online requests'} onClick={onClick}>
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}

/**
 * The toolbar's store-level pieces: the online requests bell (admin, owner, superadmin), the store's
 * activities (owner, superadmin) and the day's income (owner, superadmin). Realtime events of the store's
 * online-request and logs channels refetch them without a reload.
 */
export function StoreActivity({ store, date, onOpenAppointment, bellElsewhere = false, openRequests = 0 }: StoreActivityProps) {
  const access = useStoreAccess(store.id);
  const bell = access.can('storeManager');
  const ownerView = access.can('storeOwnerOrSuper');
  const [open, setOpen] = useState<ActivityDialogName | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  const show = (name: ActivityDialogName) => {
    setDialogWanted(true);
    setOpen(name);
  };

  const logs = useStoreLogs(store.id, ownerView);
  // The bottom bar's bell opens the same list.
  useEffect(() => {
    if (openRequests === 0 || !bell) return;
    setDialogWanted(true);
    setOpen('requests');
  }, [openRequests, bell]);
  const income = useDayIncome(store.id, date, ownerView);

  useRealtimeRefresh(bell ? `store:${store.id}:online-request` : null, [calendarKeys.requests(store.id)]);
  useRealtimeRefresh(ownerView ? `store:${store.id}:logs` : null, [calendarKeys.logs(store.id)]);
  useRealtimeRefresh(ownerView ? `store:${store.id}:appointment` : null, [calendarKeys.income(store.id, date)]);

  if (!bell && !ownerView) return null;
  const unread = unreadCount(logs.data ?? []);
  const today = todayInZone(store.timezone || 'America/New_York');
  const openAppointment = (id: number) => {
    setOpen(null);
    onOpenAppointment(id);
  };

  return (
    <Group gap="sm" wrap="nowrap" data-testid="store-activity">
      {bell && !bellElsewhere && <RequestsBell storeId={store.id} onClick={() => show('requests')} />}
      {ownerView && (
        <Button variant="default" onClick={() => show('activities')} rightSection={unread ? <Badge size="sm" color="red" aria-label={`${unread} unread`}>{unread}</Badge> : null}>
          Activities
        </Button>
      )}
      {ownerView && (
        <Text size="sm" fw={600} data-testid="day-income" aria-live="polite">
          {date === today ? "Today's income" : `Income ${date}`}: {income.data === undefined ? '…' : money(income.data)}
        </Text>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <ActivityDialog store={store} open={open} onClose={() => setOpen(null)} onOpenAppointment={openAppointment} />
        </Suspense>
      )}
    </Group>
  );
}
