import { Group, Stack, Text, Timeline } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { DateTime } from 'luxon';
import { BackButton } from './back-button';
import { useHistory } from './details-data';

/** History: the appointment's activity log, oldest first. */
export function HistoryList({ storeId, timezone, appointmentId, onBack }: { storeId: number; timezone: string; appointmentId: number; onBack: () => void }) {
  const logs = useHistory(storeId, appointmentId, true);
  return (
    <Stack>
      {logs.isPending ? (
        <LoadingState label="Loading the history…" />
      ) : logs.isError ? (
        <ErrorState message={logs.error.message} onRetry={() => logs.refetch()} />
      ) : !logs.data.length ? (
        <EmptyState />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} aria-label="History">
          {logs.data.map((l) => (
            <Timeline.Item key={l.id} title={l.text}>
              <Text size="xs" c="dimmed">
                {DateTime.fromISO(l.created_at, { zone: timezone }).toFormat('MM/dd/yyyy h:mm a')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Group>
        <BackButton onBack={onBack} />
      </Group>
    </Stack>
  );
}
