import { Checkbox, NativeSelect, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { PublicEmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { closedOn, serviceLabel } from './booking-window';
import { ANYONE, staffName } from './online-staff';
import type { RequestDraft } from './request-calls';

export const SERVICES_REQUIRED = 'Please select at least one service';

/**
 * Staff ('Anyone' first), date (native picker, limited to the booking window), services (several) and the
 * optional note: the booking modal's first page and the Modify flow's.
 */
export function RequestFields({
  draft,
  onChange,
  staff,
  services,
  window,
  problems,
  withNote = true,
  hours,
}: {
  draft: RequestDraft;
  onChange: (d: RequestDraft) => void;
  staff: PublicEmployeeView[];
  services: ServiceView[];
  window: { min: string; max: string };
  problems: { date?: string | null; services?: string | null };
  withNote?: boolean;
  /** the store's week, to say before Search that the chosen day is closed */
  hours?: Record<string, string> | null;
}) {
  const closed = closedOn(hours, draft.date);
  return (
    <>
      <NativeSelect
        label="Staff"
        value={String(draft.staffId)}
        onChange={(e) => onChange({ ...draft, staffId: Number(e.currentTarget.value) })}
        data={[{ value: String(ANYONE), label: 'Anyone' }, ...staff.map((e) => ({ value: String(e.id), label: staffName(e) }))]}
        styles={{ input: { textTransform: 'capitalize' } }}
      />
      <TextInput
        type="date"
        label="Date"
        description={closed ? `The store is closed on ${closed}s. Search offers the next day with free times.` : 'Within the next 45 days'}
        value={draft.date}
        min={window.min}
        max={window.max}
        onChange={(e) => onChange({ ...draft, date: e.currentTarget.value })}
        error={problems.date}
        required
      />
      <Checkbox.Group
        label="Services"
        value={draft.serviceIds.map(String)}
        onChange={(v) => onChange({ ...draft, serviceIds: v.map(Number) })}
        error={problems.services}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
          {services.map((s) => (
            <Checkbox key={s.id} value={String(s.id)} label={serviceLabel(s)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {services.length === 0 && <Text c="dimmed">This store offers no services online yet.</Text>}
      {withNote && (
        <Textarea
          label="Note for the staff (optional)"
          value={draft.note}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(e) => onChange({ ...draft, note: e.currentTarget.value })}
        />
      )}
    </>
  );
}

/** The problems that keep Search from running, by field. */
export function draftProblems(draft: RequestDraft, dateProblem: string | null) {
  return { date: dateProblem, services: draft.serviceIds.length ? null : SERVICES_REQUIRED };
}
