import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogView } from '@turnbook/contracts/schemas/logs';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { createdByName, logTime, TEXT, unreadCount, useStaffNames, useStoreLogs } from './activity-model';

interface Props {
  store: StoreView;
  onOpenAppointment: (id: number) => void;
}

/** The store's latest activity, newest first; read or unread is each user's own (markRead). */
export default function ActivitiesList({ store, onOpenAppointment }: Props) {
  const qc = useQueryClient();
  const { userId } = useStoreAccess(store.id);
  const logs = useStoreLogs(store.id, true);
  const staff = useStaffNames(store.id, true);
  const markRead = useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await api.post('POST markRead', { log_id: id, user_id: userId ?? 0 });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: calendarKeys.logs(store.id) }),
  });
  if (logs.isLoading) return <LoadingState />;
  if (logs.isError) return <ErrorState message={isApiError(logs.error) ? logs.error.message : 'Could not load the activities'} />;
  const list = logs.data ?? [];
  if (!list.length) return <EmptyState>{TEXT.noActivity}</EmptyState>;
  const unread = list.filter((l) => !l.read);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">{unreadCount(list)} unread</Text>
        <Button size="xs" variant="default" disabled={!unread.length} loading={markRead.isPending} onClick={() => markRead.mutate(unread.map((l) => l.id))}>
          Mark all read
        </Button>
      </Group>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Store activities">
        {list.map((l) => (
          <LogItem
            key={l.id}
            log={l}
            by={createdByName(l.createdBy, staff.data ?? [])}
            zone={store.timezone}
            onRead={() => markRead.mutate([l.id])}
            onOpen={() => {
              if (!l.read) markRead.mutate([l.id]);
              onOpenAppointment(l.appointmentId);
            }}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function LogItem({ log: l, by, zone, onRead, onOpen }: { log: LogView; by: string; zone: string; onRead: () => void; onOpen: () => void }) {
  return (
    <li data-testid={`log-${l.id}`} data-read={l.read ? 'true' : 'false'} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '8px 0' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <UnstyledButton onClick={onOpen} aria-label={`Open appointment ${l.appointmentId}: ${l.text}`}>
            <Text size="sm" fw={l.read ? 400 : 700}>{l.text}</Text>
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {`${logTime(l.created_at, zone)} · created by ${by}`}
          </Text>
        </Stack>
        {l.read ? (
          <Badge variant="light" color="gray" c="dark">Read</Badge>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={onRead}>
            Mark read
          </Anchor>
        )}
      </Group>
    </li>
  );
}
