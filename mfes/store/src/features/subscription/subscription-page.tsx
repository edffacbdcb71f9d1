import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, isNotAvailable, useRealtimeRefresh, useSession } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { Allowed } from '../staff/ui';
import { PaymentMethodsCard } from './payment-methods-card';
import { PlanCard } from './plan-card';
import { dateMDY, dollars, fetchInvoices, fetchPackage, subscriptionKeys } from './subscription-model';

// The modal (form, plans, card field and the card library) loads when 'Subscribe now' is pressed.
const PaymentModal = lazy(() => import(/* webpackChunkName: "subscription-payment" */ './payment-modal'));

function InvoicesCard({ storeId }: { storeId: number }) {
  const invoices = useQuery({ queryKey: subscriptionKeys.invoices(storeId), queryFn: () => fetchInvoices(storeId) });
  let content;
  if (invoices.isPending) content = <LoadingState label="Loading invoices…" />;
  else if (invoices.isError) content = <ErrorState message="The invoices could not be loaded." onRetry={() => void invoices.refetch()} />;
  else if (invoices.data.length === 0) content = <EmptyState />;
  else
    content = (
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Invoice</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.data.map((inv) => (
            <Table.Tr key={`${inv.id}-${inv.period_start}`}>
              <Table.Td>{dateMDY(inv.period_start)}</Table.Td>
              <Table.Td>{dollars(inv.amount_paid)}</Table.Td>
              <Table.Td>
                {inv.hosted_invoice_url ? (
                  <Anchor href={inv.hosted_invoice_url} target="_blank" rel="noopener noreferrer">
                    View invoice of {dateMDY(inv.period_start)}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  return (
    <StoreCard label="Invoices">
      <Title order={2} size="h4" mb="xs">
        Invoices
      </Title>
      {content}
    </StoreCard>
  );
}

function Subscription({ storeId, onPaid }: { storeId: number; onPaid: () => void }) {
  const userId = useSession((s) => s.user_id);
  const pkg = useQuery({ queryKey: subscriptionKeys.package(storeId), queryFn: () => fetchPackage(storeId) });
  const me = useQuery({ queryKey: ['user', userId], enabled: Boolean(userId), queryFn: () => api.get('GET user/{id}', { id: userId! }) });
  const [paying, setPaying] = useState(false);
  // A payment finished by the card provider (its webhook) changes the package: the page follows it.
  useRealtimeRefresh(`store:${storeId}:billing`, [subscriptionKeys.package(storeId), subscriptionKeys.invoices(storeId), subscriptionKeys.paymentMethods(storeId)]);

  if (pkg.isPending) return <LoadingState label="Loading the subscription…" />;
  if (pkg.isError)
    return isNotAvailable(pkg.error) ? <NotAvailable what="Subscriptions" onRetry={() => void pkg.refetch()} /> : <ErrorState message="The subscription could not be loaded." onRetry={() => void pkg.refetch()} />;
  return (
    <Stack gap="md">
      <PlanCard storeId={storeId} pkg={pkg.data} onSubscribe={() => setPaying(true)} />
      <InvoicesCard storeId={storeId} />
      <PaymentMethodsCard storeId={storeId} email={me.data?.user.email} />
      {paying && me.data ? (
        <Suspense fallback={null}>
          <PaymentModal storeId={storeId} email={me.data.user.email} packageId={pkg.data.packageId} onClose={() => setPaying(false)} onPaid={onPaid} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/**
 * /subscription: the owner's plan, status, invoices and cards; others go to the store's calendar, never to
 * /staffs (colleagues' contact details are the owner's and admins', docs/product/billing-screens.md).
 */
export default function SubscriptionPage({ onPaid = () => window.location.reload() }: { onPaid?: () => void }) {
  const access = useStoreAccess();
  return (
    <StorePage title="Subscription" size="md">
      <Allowed rule="storeOwner" redirect={access.permalink ? `/calendar/${access.permalink}` : '/stores'}>
        {access.storeId ? <Subscription storeId={access.storeId} onPaid={onPaid} /> : null}
      </Allowed>
    </StorePage>
  );
}
