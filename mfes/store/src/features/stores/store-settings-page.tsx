import { useQuery } from '@tanstack/react-query';
import { isNotAvailable, useSession } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ResultCard, StorePage } from '../page-frame/store-page';
import { StoreSettingsForm } from './settings/store-settings-form';
import { fetchStoreByPermalink, storeKeys } from './store-api';

/** /stores/edit/{permalink}: store settings, hours, time zone and switches; Delete for all, Save for the owner. */
export default function StoreSettingsPage() {
  const { permalink = '' } = useParams();
  const userId = useSession((s) => s.user_id);
  // Once deleted, the store is gone from every lookup: stop asking for it and show the result.
  const [deleted, setDeleted] = useState(false);
  const store = useQuery({ queryKey: storeKeys.byPermalink(permalink), queryFn: () => fetchStoreByPermalink(permalink), enabled: !deleted });
  if (deleted) return <ResultCard title="Deleted!" message="The store was deleted." doneTo="/stores" />;
  if (store.isPending) return <LoadingState label="Loading the store…" />;
  if (store.isError) {
    if (isNotAvailable(store.error)) return <NotAvailable what="Store settings" onRetry={() => store.refetch()} />;
    return (
      <StorePage title="Store settings" back={{ to: '/stores', label: 'My Stores' }}>
        <ErrorState message={store.error.message} onRetry={() => store.refetch()} />
      </StorePage>
    );
  }
  if (!store.data)
    return (
      <StorePage title="Store settings" back={{ to: '/stores', label: 'My Stores' }}>
        <EmptyState>No store</EmptyState>
      </StorePage>
    );
  return (
    <StoreSettingsForm
      key={store.data.id}
      store={store.data}
      isOwner={Boolean(userId) && String(store.data.ownerId) === userId}
      onDeleted={() => setDeleted(true)}
    />
  );
}
