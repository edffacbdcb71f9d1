import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { api } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { cardLabel, type CardSaver, type SavedCard } from './card-messages';
import type { StripeCardElementProps } from './stripe-card-element';
import { TestCardChoice } from './test-card-choice';

// Typed at its default handle (a lazy component loses the type parameter).
const StripeCardElement = lazy(() =>
  import(/* webpackChunkName: "stripe-card-element" */ './stripe-card-element').then((m) => ({ default: m.default as ComponentType<StripeCardElementProps> })),
);

export interface CardOnFileProps {
  storeId: number;
  /** the card saved so far, shown instead of the field */
  saved: SavedCard | null;
  onSaved: (card: SavedCard | null) => void;
}

/**
 * A customer's card on file (docs/product/deposits.md): Stripe Elements (or the local test card) saves it
 * through a SetupIntent; nothing is charged. Declines show the seeds' card messages.
 */
export function CardOnFile({ storeId, saved, onSaved }: CardOnFileProps) {
  const config = useQuery({ queryKey: ['billing', 'config'], queryFn: () => api.get('GET billing/config'), staleTime: Infinity });
  const [saver, setSaver] = useState<CardSaver | null>(null);
  const onReady = useCallback((s: CardSaver | null) => setSaver(s), []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!saver) return;
    setSaving(true);
    setProblem(null);
    try {
      const setup = await api.post('POST cardOnFile/setup', { storeId });
      const confirmed = await saver.confirmSetup(setup.clientSecret);
      if ('error' in confirmed) return setProblem(confirmed.error);
      const token = 'token' in confirmed ? { token: confirmed.token } : {};
      onSaved((await api.post('POST cardOnFile/save', { storeId, setupIntentId: setup.setupIntentId, ...token })).cardOnFile);
    } catch (error) {
      setProblem(isApiError(error) && error.message ? error.message : BILLING_MESSAGES.cardNotSaved);
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    return (
      <Group justify="space-between" data-testid="card-on-file-saved">
        <Text>{cardLabel(saved)} is on file. It is not charged now.</Text>
        <Button variant="subtle" size="xs" onClick={() => onSaved(null)}>Use another card</Button>
      </Group>
    );
  }
  const key = config.data?.stripePublishableKey;
  return (
    <Stack gap="xs" data-testid="card-on-file">
      {config.isPending && <Text size="sm" c="dimmed">Loading the card field…</Text>}
      {config.isError && <Alert color="red" role="alert">The card field could not be loaded.</Alert>}
      {config.isSuccess && !key && <TestCardChoice onReady={onReady} />}
      {key && (
        <Suspense fallback={<Text size="sm" c="dimmed">Loading the card field…</Text>}>
          <StripeCardElement publishableKey={key} onReady={onReady} />
        </Suspense>
      )}
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => void save()} disabled={!saver} loading={saving}>Save card</Button>
      </Group>
    </Stack>
  );
}
