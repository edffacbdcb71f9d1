import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { columnTitle } from '../reports/report-model';

export interface Location {
  id: number;
  name: string;
}

/** The locations of the consolidated report: every owned or managed store, checked one by one. */
export function LocationPicker({ locations, chosen, onChange }: { locations: Location[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  const all = chosen.length === locations.length;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Text fw={600}>Locations</Text>
        <Checkbox label="All" checked={all} indeterminate={!all && chosen.length > 0} onChange={() => onChange(all ? [] : locations.map((l) => String(l.id)))} />
      </Group>
      <Checkbox.Group value={chosen} onChange={onChange} aria-label="Locations">
        <Group gap="md">
          {locations.map((l) => (
            <Checkbox key={l.id} value={String(l.id)} label={columnTitle(l.name)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
