import { Select, Stack, TextInput } from '@mantine/core';
import { TIME_CHOICES } from './days-off-model';

/** Start and end selects (30-minute choices) and the note, shared by add and edit. */
export function TimeFields({
  start,
  end,
  note,
  onStart,
  onEnd,
  onNote,
}: {
  start: string | null;
  end: string | null;
  note: string;
  onStart: (v: string | null) => void;
  onEnd: (v: string | null) => void;
  onNote: (v: string) => void;
}) {
  return (
    <Stack gap="sm">
      <Select label="Start time" placeholder="Select a start time" data={TIME_CHOICES} value={start} onChange={onStart} searchable maxDropdownHeight={260} comboboxProps={{ withinPortal: true }} />
      <Select label="End time" placeholder="Select an end time" data={TIME_CHOICES} value={end} onChange={onEnd} searchable maxDropdownHeight={260} comboboxProps={{ withinPortal: true }} />
      <TextInput label="Note" description="Shown on the calendar; 'OFF' when empty." value={note} onChange={(e) => onNote(e.currentTarget.value)} maxLength={200} />
    </Stack>
  );
}
