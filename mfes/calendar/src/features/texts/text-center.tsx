import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { useState } from 'react';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { sendText, textFailure, textsKeys, useAppointmentTexts } from './texts-data';
import { atStoreTime, lastOfKind, recipientOf, TEXT_LABELS, TEXT_SENT, TEXTS_MESSAGES, textChoices, type TextChoice } from './texts-rules';

export interface TextCenterProps {
  store: StoreView;
  appointment: AppointmentView;
  onBack: () => void;
}

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * The Text Center (SMS options) of an appointment: Confirm, Reminder, Reschedule, Send review (owner) and
 * Custom. The server writes the fixed texts; once one has gone, scheduling appends its note suffix and the
 * appointment's event refreshes the details.
 */
export function TextCenter({ store, appointment: a, onBack }: TextCenterProps) {
  const access = useStoreAccess(store.id);
  const qc = useQueryClient();
  const choices = textChoices(access);
  const recipient = recipientOf(a.customerPhone);
  const texts = useAppointmentTexts(store.id, a.id, choices.length > 0);
  const [custom, setCustom] = useState<string | null>(null);
  const [busy, setBusy] = useState<TextChoice | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const lastReminder = texts.data ? lastOfKind(texts.data, 'reminder') : null;

  const send = async (kind: TextChoice, body?: string) => {
    if (!recipient) return;
    if (kind === 'custom' && !body?.trim()) {
      setOutcome({ ok: false, text: TEXTS_MESSAGES.emptyCustom });
      return;
    }
    setBusy(kind);
    setOutcome(null);
    try {
      await sendText({ storeId: store.id, recipient, kind, appointmentId: a.id, ...(kind === 'custom' ? { body: body!.trim() } : {}) });
      setOutcome({ ok: true, text: `${TEXT_SENT[kind]} to ${formatPhone(a.customerPhone ?? '')}` });
      if (kind === 'custom') setCustom(null);
      await qc.invalidateQueries({ queryKey: textsKeys.ofAppointment(store.id, a.id) });
      // The note suffix is written when the text has gone: the appointment's event refreshes the calendar
      // live; reading it again now covers a calendar whose relay connection is down.
      void invalidateStore(qc, store.id);
    } catch (e) {
      setOutcome({ ok: false, text: textFailure(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        To: <Text span fw={600}>{recipient ? formatPhone(a.customerPhone ?? '') : '—'}</Text>
      </Text>
      {!recipient && (
        <Alert color="yellow" role="status">
          {TEXTS_MESSAGES.noPhone}
        </Alert>
      )}
      <Text size="sm" data-testid="last-reminder">
        {texts.isPending
          ? 'Last reminder: …'
          : lastReminder
            ? `Last reminder sent ${atStoreTime(lastReminder.created_at, store.timezone)}`
            : 'No reminder sent yet'}
      </Text>
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? undefined : 'The text was not sent'}>
          {outcome.text}
        </Alert>
      )}
      {custom !== null ? (
        <form
          aria-label="Custom text"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send('custom', custom);
          }}
        >
          <Stack gap="xs">
            <Textarea label="Message" value={custom} onChange={(e) => setCustom(e.currentTarget.value)} autosize minRows={3} maxLength={1000} data-autofocus />
            <Group gap="xs">
              <Button type="submit" loading={busy === 'custom'} disabled={!recipient}>
                Send
              </Button>
              <Button variant="default" onClick={() => setCustom(null)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs" role="group" aria-label="Texts">
          {choices.map((kind) => (
            <Button
              key={kind}
              variant={kind === 'custom' ? 'default' : 'outline'}
              loading={busy === kind}
              disabled={!recipient || (busy !== null && busy !== kind)}
              onClick={() => (kind === 'custom' ? setCustom('') : void send(kind))}
            >
              {TEXT_LABELS[kind]}
            </Button>
          ))}
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        </Group>
      )}
    </Stack>
  );
}
