import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { StoreCard } from '../page-frame/store-page';
import { expiresSoon, expiryText, fetchPaymentMethods, subscriptionKeys, type PaymentMethods } from './subscription-model';

// The card field and Stripe's library load when 'Add a card' is pressed.
const AddCardModal = lazy(() => import(/* webpackChunkName: "subscription-add-card" */ './add-card-modal'));

type Card = PaymentMethods['paymentMethods'][number];

function CardRow({ pm, isDefault, onSetDefault, setting }: { pm: Card; isDefault: boolean; onSetDefault: () => void; setting: boolean }) {
  const soon = expiresSoon(pm.card);
  return (
    <Group component="li" justify="space-between" wrap="nowrap">
      <Stack gap={0}>
        <Text tt="capitalize">
          {pm.card.brand} •••• {pm.card.last4}
        </Text>
        {pm.card.exp_month && pm.card.exp_year ? (
          <Text size="sm" c={soon ? 'red' : 'dimmed'}>
            {soon ? 'Expires soon: ' : 'Expires '}
            {expiryText(pm.card)}
          </Text>
        ) : null}
      </Stack>
      {isDefault ? (
        <Badge color="green" variant="light">
          Default
        </Badge>
      ) : (
        <Button size="xs" variant="light" loading={setting} onClick={onSetDefault} aria-label={`Set as default card ending ${pm.card.last4}`}>
          Set as default
        </Button>
      )}
    </Group>
  );
}

/** The store's cards: the default marked, 'Set as default' on the others, and 'Add a card' to add or replace one. */
export function PaymentMethodsCard({ storeId, email }: { storeId: number; email: string | undefined }) {
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const methods = useQuery({ queryKey: subscriptionKeys.paymentMethods(storeId), queryFn: () => fetchPaymentMethods(storeId) });
  const reload = () => qc.invalidateQueries({ queryKey: subscriptionKeys.paymentMethods(storeId) });
  const setDefault = useMutation({
    mutationFn: (pm: string) => api.post('POST setDefaultPMByStoreId/{storeId}', { pm_source: pm }, { storeId }),
    onSuccess: reload,
  });
  let content;
  if (methods.isPending) content = <LoadingState label="Loading payment methods…" />;
  else if (methods.isError) content = <ErrorState message="The payment methods could not be loaded." onRetry={() => void methods.refetch()} />;
  else if (methods.data.paymentMethods.length === 0) content = <EmptyState />;
  else
    content = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {methods.data.paymentMethods.map((pm) => (
          <CardRow key={pm.id} pm={pm} isDefault={pm.id === methods.data.default_source} onSetDefault={() => setDefault.mutate(pm.id)} setting={setDefault.isPending && setDefault.variables === pm.id} />
        ))}
      </Stack>
    );
  return (
    <StoreCard label="Payment methods">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Payment methods
        </Title>
        <Button size="xs" variant="light" onClick={() => setAdding(true)} disabled={!email}>
          Add a card
        </Button>
      </Group>
      {content}
      {setDefault.isError && (
        <Alert color="red" role="alert" mt="xs">
          The default card could not be changed: {setDefault.error.message}
        </Alert>
      )}
      {adding && email ? (
        <Suspense fallback={null}>
          <AddCardModal storeId={storeId} email={email} onClose={() => setAdding(false)} onAdded={() => { setAdding(false); void reload(); }} />
        </Suspense>
      ) : null}
    </StoreCard>
  );
}
