import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSettings } from '@turnbook/contracts/schemas/messaging';
import { api, apiRequest, isApiError } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { StoreCard } from '../page-frame/store-page';

const textSettingsKey = (storeId: number) => ['store', storeId, 'sms-settings'] as const;

const hourLabel = (h: number) => `${h % 12 || 12}:00 ${h < 12 ? 'AM' : 'PM'}`;
/** 'Off' and the 24 hours of the store's day, for the reminders the day before. */
export const REMINDER_HOURS = [{ value: 'off', label: 'Off' }, ...Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }))];

/** The sender number as typed: empty means the platform's number. */
const senderOf = (typed: string) => (typed.trim() ? typed.trim() : null);

function TextSettingsForm({ storeId, initial }: { storeId: number; initial: SmsSettings }) {
  const qc = useQueryClient();
  const [sender, setSender] = useState(initial.senderNumber ?? '');
  const [upNext, setUpNext] = useState(initial.upNextText);
  // An older messaging answer has no such field: on, as messaging reads a store that never chose.
  const [requestEmails, setRequestEmails] = useState(initial.requestEmails ?? true);
  const [hour, setHour] = useState(initial.reminderHour === null ? 'off' : String(initial.reminderHour));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setSaved(false);
    setError(null);
    setBusy(true);
    try {
      const body = { senderNumber: senderOf(sender), upNextText: upNext, reminderHour: hour === 'off' ? null : Number(hour), requestEmails };
      const res = await apiRequest('PUT smsSettings/{storeId}', { params: { storeId }, body });
      qc.setQueryData(textSettingsKey(storeId), res.settings);
      setSender(res.settings.senderNumber ?? '');
      setSaved(true);
    } catch (e) {
      setError({ field: isApiError(e) ? (e.field ?? null) : null, message: e instanceof Error ? e.message : 'The text settings could not be saved.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {saved && (
        <Alert color="green" role="status">
          The text settings were saved.
        </Alert>
      )}
      {error && error.field !== 'senderNumber' && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <TextInput
        label="Sending number"
        description="The store's own texting number with its country code (+12155550123). Empty: texts come from the platform's number."
        value={sender}
        onChange={(e) => setSender(e.currentTarget.value)}
        error={error?.field === 'senderNumber' ? error.message : undefined}
        inputMode="tel"
        autoComplete="off"
      />
      <Switch label="Text a walk-in “you're up next” when they reach the front of the line" checked={upNext} onChange={(e) => setUpNext(e.currentTarget.checked)} />
      <Select
        label="Reminders the day before"
        description="Every appointment of the next day is reminded once, at this hour of the store's time zone."
        data={REMINDER_HOURS}
        value={hour}
        onChange={(v) => v && setHour(v)}
        allowDeselect={false}
      />
      <Switch
        label="Email the store about online requests"
        description="To the store's business email: each new request, a customer's change, and a customer asking to cancel."
        checked={requestEmails}
        onChange={(e) => setRequestEmails(e.currentTarget.checked)}
      />
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          Save text settings
        </Button>
      </Group>
    </Stack>
  );
}

/** The owner's messaging settings (messaging's smsSettings): sending number, "you're up next", reminders the day before, the store's request emails. */
export function TextSettingsCard({ storeId }: { storeId: number }) {
  const settings = useQuery({
    queryKey: textSettingsKey(storeId),
    queryFn: async () => (await api.get('GET smsSettings/{storeId}', { storeId })).settings,
  });
  return (
    <StoreCard label="Text messages">
      <Title order={2} size="h4" mb="xs">
        Text messages
      </Title>
      {settings.isPending ? (
        <LoadingState label="Loading the text settings…" />
      ) : settings.isError ? (
        <Text c="red" role="alert">
          The text settings could not be read: {settings.error.message}
        </Text>
      ) : (
        <TextSettingsForm storeId={storeId} initial={settings.data} />
      )}
    </StoreCard>
  );
}
