import { Button, Stack, Text } from '@mantine/core';
import { CardOnFile, type SavedCard } from '@turnbook/web-kit/card';
import type { SummaryRow } from './booking-summary';
import { CardPolicyNote, type useCardPolicy } from './card-policy';
import { StickyActions } from './sticky-actions';
import { SummaryTable } from './summary-table';

interface ReviewStepProps {
  storeId: number;
  /** read when the modal opens, so Submit never waits for it */
  cardPolicy: ReturnType<typeof useCardPolicy>;
  rows: SummaryRow[];
  busy: boolean;
  /** the card saved on file for this request, when the store asks for one */
  card: SavedCard | null;
  onCard: (card: SavedCard | null) => void;
  onSubmit: () => void;
}

/** The request as it will be sent, with the customer's details and the store's card policy, before Submit. */
export function ReviewStep({ storeId, cardPolicy, rows, busy, card, onCard, onSubmit }: ReviewStepProps) {
  const { policy, needsCard } = cardPolicy;
  return (
    <Stack>
      <Text size="sm">Please check your request. The store reviews it and gets back to you.</Text>
      <SummaryTable rows={rows} label="Your request" />
      <CardPolicyNote policy={policy} />
      {needsCard && <CardOnFile storeId={storeId} saved={card} onSaved={onCard} />}
      <StickyActions>
        <Button onClick={onSubmit} loading={busy} disabled={policy.isPending || (needsCard && !card)} fullWidth>
          Submit
        </Button>
      </StickyActions>
    </Stack>
  );
}
