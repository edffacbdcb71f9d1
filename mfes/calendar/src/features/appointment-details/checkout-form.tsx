import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Button, Group, NumberInput, Stack } from '@mantine/core';
import { formatDollars } from '@turnbook/domain/money/money';
import { api } from '@turnbook/web-kit';
import { useState } from 'react';
import { BackButton } from './back-button';
import { errorText, type WriteAnswer } from './details-data';
import { checkoutSale, suggestedSale } from './details-rules';

/** Check Out: the sale in whole dollars; 0 takes the suggested sale. The note goes with it, as the spec's check-out sends it. */
export function CheckoutForm({ appointment: a, onDone, onBack }: { appointment: AppointmentView; onDone: (r: WriteAnswer) => void; onBack: () => void }) {
  const suggested = suggestedSale(a.services.filter(Boolean));
  const [typed, setTyped] = useState<number | string>(a.sale && a.sale > 0 ? a.sale : 0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onDone(await api.patch('PATCH appointment/{id}', { note: a.note, sale: checkoutSale(typed, suggested) }, { id: a.id }));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Check Out">
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <NumberInput
          label="Sale ($)"
          description={`Rounded to whole dollars. 0 takes the suggested sale, ${formatDollars(suggested)}.`}
          min={0}
          max={100000}
          allowNegative={false}
          value={typed}
          onChange={setTyped}
        />
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            Check Out
          </Button>
          <BackButton onBack={onBack} />
        </Group>
      </Stack>
    </form>
  );
}
