import { ActionIcon, Badge, Button, Group, Indicator, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { money, unreadCount, useDayIncome, useOnlineRequests, useStoreLogs } from './activity-model';
import type { StoreActivityProps } from './index';
import { todayInZone } from '../day-grid/grid-model';

// The lists load only when opened: the calendar route stays light.
const RequestsList = lazy(() => import('./requests-list'));
const ActivitiesList = lazy(() => import('./activities-list'));

function BellIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The toolbar's store-level pieces: the online requests bell (admin, owner, superadmin), the store's
 * activities (owner, superadmin) and the day's income (owner, superadmin). Realtime events of the store's
 * online-request and logs channels refetch them without a reload.
 */
export function StoreActivity({ store, date, onOpenAppointment }: StoreActivityProps) {
  const access = useStoreAccess(store.id);
  const qc = useQueryClient();
  const bell = access.can('storeManager');
  const ownerView = access.can('storeOwnerOrSuper');
  const [open, setOpen] = useState<'requests' | 'activities' | null>(null);

  const requests = useOnlineRequests(store.id, bell);
  const logs = useStoreLogs(store.id, ownerView);
  const income = useDayIncome(store.id, date, ownerView);

  useRealtime(bell ? `store:${store.id}:online-request` : null, () => void qc.invalidateQueries({ queryKey: calendarKeys.requests(store.id) }));
  useRealtime(ownerView ? `store:${store.id}:logs` : null, () => void qc.invalidateQueries({ queryKey: calendarKeys.logs(store.id) }));
  useRealtime(ownerView ? `store:${store.id}:appointment` : null, () => void qc.invalidateQueries({ queryKey: calendarKeys.income(store.id, date) }));

  if (!bell && !ownerView) return null;
  // No count until it is known: a 0 while loading would be read as "no request".
  const count = requests.data?.length ?? 0;
  const unread = unreadCount(logs.data ?? []);
  const today = todayInZone(store.timezone || 'America/New_York');
  const openAppointment = (id: number) => {
    setOpen(null);
    onOpenAppointment(id);
  };

  return (
    <Group gap="sm" wrap="nowrap" data-testid="store-activity">
      {bell && (
        <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4}>
          <ActionIcon variant="default" size="lg" aria-label={requests.data ? `Online requests: ${count}` : 'Online requests'} onClick={() => setOpen('requests')}>
            <BellIcon />
          </ActionIcon>
        </Indicator>
      )}
      {ownerView && (
        <Button variant="default" onClick={() => setOpen('activities')} rightSection={unread ? <Badge size="sm" color="red" aria-label={`${unread} unread`}>{unread}</Badge> : null}>
          Activities
        </Button>
      )}
      {ownerView && (
        <Text size="sm" fw={600} data-testid="day-income" aria-live="polite">
          {date === today ? "Today's income" : `Income ${date}`}: {income.data === undefined ? '…' : money(income.data)}
        </Text>
      )}
      <Modal opened={open === 'requests'} onClose={() => setOpen(null)} title="Online requests" size="lg">
        <Suspense fallback={<LoadingState />}>{open === 'requests' && <RequestsList store={store} onOpenAppointment={openAppointment} />}</Suspense>
      </Modal>
      <Modal opened={open === 'activities'} onClose={() => setOpen(null)} title="Store activities" size="lg">
        <Suspense fallback={<LoadingState />}>{open === 'activities' && <ActivitiesList store={store} onOpenAppointment={openAppointment} />}</Suspense>
      </Modal>
    </Group>
  );
}
