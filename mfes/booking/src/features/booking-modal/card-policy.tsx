import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { cardRequired } from '@turnbook/domain/card-on-file/card-on-file';
import { api } from '@turnbook/web-kit';
import { cardPolicyText } from '@turnbook/web-kit/card';

/** The store's card policy and no-show fee (docs/product/deposits.md), read once per visit. */
export function useCardPolicy(storeId: number) {
  const policy = useQuery({ queryKey: ['booking', storeId, 'card-policy'], queryFn: () => api.get('GET public_getCardPolicy/{storeId}', { storeId }), staleTime: 5 * 60_000 });
  // An online request is one person: it holds a card only when the store asks one of every request.
  const needsCard = policy.data ? cardRequired(policy.data.policy, 1, true) : false;
  return { policy, needsCard };
}

/** The policy stated before the customer submits. */
export function CardPolicyNote({ policy }: { policy: ReturnType<typeof useCardPolicy>['policy'] }) {
  if (!policy.data) return null;
  return (
    <Paper withBorder p="sm" role="note" aria-label="Card on file and no-show policy" data-testid="card-policy">
      <Text size="sm">{cardPolicyText(policy.data)}</Text>
    </Paper>
  );
}
