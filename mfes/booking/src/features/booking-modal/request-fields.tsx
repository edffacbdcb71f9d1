import { Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { PublicEmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { closedOn, serviceLabel } from './booking-window';
import { DayStrip } from './day-strip';
import type { RequestDraft } from './request-calls';
import { StaffPicker } from './staff-picker';
import { useDayStrip } from './use-day-strip';

export const SERVICES_REQUIRED = 'Please select at least one service';

interface Props {
  storeId: number;
  draft: RequestDraft;
  onChange: (d: RequestDraft) => void;
  staff: PublicEmployeeView[];
  services: ServiceView[];
  window: { min: string; max: string };
  problems: { date?: string | null; services?: string | null };
  withNote?: boolean;
  /** the store's week, to say before Search that the chosen day is closed */
  hours?: Record<string, string> | null;
  /** who asks (the favourite counts) and, in Modify, the appointment whose own time is free */
  ask?: { customerId?: number; appointmentId?: number };
}

/**
 * Services (with length and price), staff (photos or initials, 'Anyone' first), the day (a strip of three
 * weeks saying which days have times, and any day of the 45-day window in the date field) and the optional
 * note: the booking modal's first page and the Modify flow's.
 */
export function RequestFields({ storeId, draft, onChange, staff, services, window, problems, withNote = true, hours, ask }: Props) {
  const closed = closedOn(hours, draft.date);
  const strip = useDayStrip(storeId, draft, window, hours, ask);
  return (
    <Stack gap="md">
      <Checkbox.Group label="Services" value={draft.serviceIds.map(String)} onChange={(v) => onChange({ ...draft, serviceIds: v.map(Number) })} error={problems.services} withAsterisk>
        <Stack mt="xs" gap="xs">
          {services.map((s) => (
            <Checkbox.Card key={s.id} value={String(s.id)} radius="md" p="xs" aria-label={serviceLabel(s)}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox.Indicator size="sm" />
                <Text size="sm" fw={500} tt="capitalize" style={{ flex: 1 }}>
                  {s.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {s.duration} min · ${s.price.toFixed(2)}
                </Text>
              </Group>
            </Checkbox.Card>
          ))}
        </Stack>
      </Checkbox.Group>
      {services.length === 0 && <Text c="dimmed">This store offers no services online yet.</Text>}
      <StaffPicker value={draft.staffId} onChange={(staffId) => onChange({ ...draft, staffId })} staff={staff} />
      <DayStrip days={strip.days} value={draft.date} onChange={(date) => onChange({ ...draft, date })} loading={strip.loading} />
      <TextInput
        type="date"
        label="Date"
        description={closed ? `The store is closed on ${closed}s. Search offers the next day with free times.` : 'Or any day within the next 45 days'}
        value={draft.date}
        min={window.min}
        max={window.max}
        onChange={(e) => onChange({ ...draft, date: e.currentTarget.value })}
        error={problems.date}
        required
      />
      {withNote && (
        <Textarea label="Note for the staff (optional)" value={draft.note} maxLength={1000} autosize minRows={2} onChange={(e) => onChange({ ...draft, note: e.currentTarget.value })} />
      )}
    </Stack>
  );
}

/** The problems that keep Search from running, by field. */
export function draftProblems(draft: RequestDraft, dateProblem: string | null) {
  return { date: dateProblem, services: draft.serviceIds.length ? null : SERVICES_REQUIRED };
}
