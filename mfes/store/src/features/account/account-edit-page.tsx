import { useQuery } from '@tanstack/react-query';
import { isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useParams } from 'react-router-dom';
import { StorePage } from '../page-frame/store-page';
import { fetchUser, userKeys } from './account-model';
import { AccountForm } from './edit/account-form';

/** /users/edit/{id}: 'Account Settings' (docs/product/README.md). */
export default function AccountEditPage() {
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: userKeys.one(id), queryFn: () => fetchUser(id) });
  if (user.isPending) return <LoadingState label="Loading your account…" />;
  if (user.isError) {
    if (isNotAvailable(user.error)) return <NotAvailable what="Account Settings" onRetry={() => user.refetch()} />;
    return (
      <StorePage title="Account Settings">
        <ErrorState message={user.error.message} onRetry={() => user.refetch()} />
      </StorePage>
    );
  }
  if (!user.data)
    return (
      <StorePage title="Account Settings">
        <EmptyState>No user</EmptyState>
      </StorePage>
    );
  return <AccountForm key={user.data.id} user={user.data} />;
}
