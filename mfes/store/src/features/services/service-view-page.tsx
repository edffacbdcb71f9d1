import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link, useParams } from 'react-router-dom';
import { StorePage } from '../page-frame/store-page';
import { ServiceIcon } from './icons/service-icon';
import { dollars, fetchService, hex, serviceKeys, textOn } from './service-model';

/** /services/{id} and /service/{id}: name, duration and icon; the owner has an Edit link. */
export default function ServiceViewPage() {
  const { id = '' } = useParams();
  const { isOwner } = useStoreAccess();
  const service = useQuery({ queryKey: serviceKeys.one(id), queryFn: () => fetchService(id) });
  const back = { to: '/services', label: 'Services' };
  if (service.isPending) return <LoadingState label="Loading the service…" />;
  if (service.isError) {
    const status = (service.error as { status?: number }).status;
    if (isNotAvailable(service.error)) return <NotAvailable what="Services" onRetry={() => service.refetch()} />;
    return (
      <StorePage title="Service" back={back}>
        {status === 404 ? <EmptyState>No service</EmptyState> : <ErrorState message={service.error.message} onRetry={() => service.refetch()} />}
      </StorePage>
    );
  }
  const s = service.data;
  if (!s)
    return (
      <StorePage title="Service" back={back}>
        <EmptyState>No service</EmptyState>
      </StorePage>
    );
  return (
    <StorePage
      title={s.name}
      back={back}
      actions={
        isOwner && (
          <Button component={Link} to={`/services/edit/${s.id}`} variant="light" aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
        )
      }
    >
      <Paper radius="md" p="lg" withBorder style={{ background: hex(s.color), color: textOn(s.color) }}>
        <Group wrap="nowrap" gap="lg">
          <ServiceIcon icon={s.icon} size={64} title={`${s.name} icon`} />
          <Stack gap={2}>
            <Text fw={700} size="xl">
              {s.name}
            </Text>
            <Text>{s.duration} minutes</Text>
            <Text size="sm">{dollars(s.price)}</Text>
            {s.type === 'INTERNAL' && (
              <Text size="xs" fs="italic">
                *Internal service
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
    </StorePage>
  );
}
