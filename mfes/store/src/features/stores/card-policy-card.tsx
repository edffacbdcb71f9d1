import { Alert, Button, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardPolicyView } from '@turnbook/contracts/schemas/billing';
import { api, apiRequest, isApiError } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { StoreCard } from '../page-frame/store-page';

const cardPolicyKey = (storeId: number) => ['store', storeId, 'card-policy'] as const;

function CardPolicyForm({ storeId, initial }: { storeId: number; initial: CardPolicyView }) {
  const qc = useQueryClient();
  const [policy, setPolicy] = useState<string>(initial.policy);
  const [dollars, setDollars] = useState<number | string>(initial.noShowFee / 100);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setResult(null);
    try {
      const body = { policy: policy as CardPolicyView['policy'], noShowFee: Math.round(Number(dollars || 0) * 100) };
      qc.setQueryData(cardPolicyKey(storeId), await apiRequest('PUT cardPolicy/{storeId}', { params: { storeId }, body }));
      setResult({ ok: true, text: 'The card policy was saved.' });
    } catch (e) {
      setResult({ ok: false, text: isApiError(e) ? e.message : 'The card policy could not be saved.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      {result && <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>{result.text}</Alert>}
      <Radio.Group label="Who holds a card on file" value={policy} onChange={setPolicy}>
        <Stack gap={6} mt="xs">
          <Radio value="groups" label="Groups of 3 or more" />
          <Radio value="all" label="Every online request (and groups of 3 or more)" />
        </Stack>
      </Radio.Group>
      <NumberInput label="No-show fee ($)" description="Charged to the card only when you press Charge no-show fee on a missed appointment. 0: no fee." min={0} max={500} decimalScale={2} allowNegative={false} value={dollars} onChange={setDollars} />
      <Group>
        <Button onClick={() => void save()} loading={busy}>Save card policy</Button>
      </Group>
    </Stack>
  );
}

/** The owner's deposit and no-show policy (billing's cardPolicy; docs/product/deposits.md). */
export default function CardPolicyCard({ storeId }: { storeId: number }) {
  const policy = useQuery({ queryKey: cardPolicyKey(storeId), queryFn: () => api.get('GET public_getCardPolicy/{storeId}', { storeId }) });
  return (
    <StoreCard label="Cards on file">
      <Title order={2} size="h4" mb="xs">
        Cards on file and no-shows
      </Title>
      {policy.isPending ? (
        <LoadingState label="Loading the card policy…" />
      ) : policy.isError ? (
        <Text c="red" role="alert">The card policy could not be read: {policy.error.message}</Text>
      ) : (
        <CardPolicyForm storeId={storeId} initial={policy.data} />
      )}
    </StoreCard>
  );
}
