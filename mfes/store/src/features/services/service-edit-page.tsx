import { useQuery } from '@tanstack/react-query';
import { isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ResultCard, StorePage } from '../page-frame/store-page';
import { ServiceEditForm } from './edit/service-edit-form';
import { fetchService, serviceKeys } from './service-model';

/** /services/edit/{id} ('Service settings'): owner only, others go to /services. */
export default function ServiceEditPage() {
  const { id = '' } = useParams();
  const { isOwner } = useStoreAccess();
  // Once deleted, the service is gone from every read: stop asking for it and show the result (002).
  const [deleted, setDeleted] = useState(false);
  const service = useQuery({ queryKey: serviceKeys.one(id), enabled: isOwner && !deleted, queryFn: () => fetchService(id) });
  if (!isOwner) return <Navigate to="/services" replace />;
  if (deleted) return <ResultCard title="Deleted!" doneTo="/services" />;
  if (service.isPending) return <LoadingState label="Loading the service…" />;
  if (service.isError) {
    const status = (service.error as { status?: number }).status;
    if (isNotAvailable(service.error)) return <NotAvailable what="Service settings" onRetry={() => service.refetch()} />;
    return (
      <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
        {status === 404 ? <EmptyState>No service</EmptyState> : <ErrorState message={service.error.message} onRetry={() => service.refetch()} />}
      </StorePage>
    );
  }
  if (!service.data)
    return (
      <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
        <EmptyState>No service</EmptyState>
      </StorePage>
    );
  return <ServiceEditForm key={service.data.id} service={service.data} onDeleted={() => setDeleted(true)} />;
}
