import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { StorePage } from '../page-frame/store-page';
import { useListOrder } from '../page-frame/use-list-order';
import { ServicesActions } from './list/services-actions';
import { SortableServices } from './list/sortable-services';
import { fetchServices, ORDER_NOT_SAVED, saveServiceSortIndex, serviceKeys } from './service-model';

/** /services: the store's services; the owner adds, edits and reorders them by drag (docs/product/README.md, docs/product/statuses.md). */
export default function ServicesPage() {
  const { storeId, isOwner } = useStoreAccess();
  const services = useQuery({ queryKey: serviceKeys.byStore(storeId), enabled: Boolean(storeId), queryFn: () => fetchServices(storeId!) });
  const order = useListOrder(services, {
    saveSortIndex: saveServiceSortIndex,
    refresh: () => services.refetch(),
    errorText: (e) => (isApiError(e) ? e.message : ORDER_NOT_SAVED),
  });

  if (!storeId)
    return (
      <StorePage title="Services">
        <EmptyState>No store chosen</EmptyState>
        <Anchor component={Link} to="/stores" ta="center">
          Choose a store
        </Anchor>
      </StorePage>
    );

  let content;
  if (services.isPending) content = <LoadingState label="Loading services…" />;
  else if (services.isError)
    content = isNotAvailable(services.error) ? <NotAvailable what="Services" onRetry={() => services.refetch()} /> : <ErrorState message={services.error.message} onRetry={() => services.refetch()} />;
  else if (!order.list.length) content = <EmptyState />;
  else content = <SortableServices order={order} isOwner={isOwner} />;

  return (
    <StorePage title="Services" size="md" actions={isOwner && <ServicesActions order={order} canReorder={Boolean(services.data?.length)} />}>
      {order.reorder && (
        <Text size="sm" c="dimmed" role="status">
          Drag the handles (or use the arrows) to change the order, then Save.
        </Text>
      )}
      {order.error && (
        <Alert color="red" role="alert">
          {order.error}
        </Alert>
      )}
      {content}
    </StorePage>
  );
}
