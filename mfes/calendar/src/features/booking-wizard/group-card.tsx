import { Alert, Stack } from '@mantine/core';
import { CardOnFile, type SavedCard } from '@turnbook/web-kit/card';
import { WIZARD_MESSAGES } from './wizard-rules';

/**
 * The notes page of a group of 3 or more: the seeds' message and the customer's card, saved on file with a
 * SetupIntent before Finish (nothing is charged; docs/product/deposits.md).
 */
export function GroupCard({ storeId, card, onCard }: { storeId: number; card: SavedCard | null; onCard: (card: SavedCard | null) => void }) {
  return (
    <Stack gap="xs" aria-label="Card on file">
      {!card && (
        <Alert color="yellow" variant="light">
          {WIZARD_MESSAGES.groupCard}
        </Alert>
      )}
      <CardOnFile storeId={storeId} saved={card} onSaved={onCard} />
    </Stack>
  );
}
