import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';
import { api, isApiError } from '@turnbook/web-kit';
import { useCallback, useState } from 'react';
import { CardField, type CardHandle } from './card-field';

export interface AddCardModalProps {
  storeId: number;
  /** the owner's email, given to the store's customer at the card provider when it has none yet */
  email: string;
  onClose: () => void;
  onAdded: () => void;
}

/** 'Add a card': Stripe Elements saves the card through a SetupIntent, then billing keeps it (the default unless unticked). */
export default function AddCardModal({ storeId, email, onClose, onAdded }: AddCardModalProps) {
  const [card, setCard] = useState<CardHandle | null>(null);
  const onCardReady = useCallback((h: CardHandle | null) => setCard(h), []);
  const [makeDefault, setMakeDefault] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!card) return;
    setSaving(true);
    setProblem(null);
    try {
      const setup = await api.post('POST setupCard/{storeId}', { email }, { storeId });
      const confirmed = await card.confirmSetup(setup.clientSecret);
      if ('error' in confirmed) return setProblem(confirmed.error);
      const token = 'token' in confirmed ? { token: confirmed.token } : {};
      await api.post('POST addCard/{storeId}', { setupIntentId: setup.setupIntentId, makeDefault, ...token }, { storeId });
      onAdded();
    } catch (error) {
      setProblem(isApiError(error) && error.message ? error.message : BILLING_MESSAGES.cardNotSaved);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Add a card" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The new card pays your plan from the next invoice on. Replacing a card that expires soon? Add the new one and keep it the default.
        </Text>
        <CardField onReady={onCardReady} />
        <Checkbox label="Make it the default card" checked={makeDefault} onChange={(e) => setMakeDefault(e.currentTarget.checked)} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!card} loading={saving}>
            Save card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
