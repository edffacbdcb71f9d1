import { Alert, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { CLOSED_ALL_WEEK, DAY_KEYS, DAY_LABELS, DEFAULT_CLOSE, DEFAULT_OPEN, TIME_OPTIONS, closedAllWeek, invalidDays, type DayKey, type HoursState } from './store-model';

/**
 * Business hours per day: a toggle and, when the day is open, open/close pickers (h:mm A). `toggle`
 * chooses the spec's two readings: 'closed' (settings screen: the switch means Closed) or 'open' (the
 * create wizard: the switch means Open).
 */
export function HoursEditor({ value, onChange, toggle }: { value: HoursState; onChange: (v: HoursState) => void; toggle: 'closed' | 'open' }) {
  const bad = new Set(invalidDays(value));
  const set = (d: DayKey, patch: Partial<HoursState[DayKey]>) => onChange({ ...value, [d]: { ...value[d], ...patch } });
  return (
    <Stack gap="xs" role="group" aria-label="Business hours">
      {closedAllWeek(value) && (
        <Alert color="yellow" variant="light" role="status">
          {CLOSED_ALL_WEEK}
        </Alert>
      )}
      {DAY_KEYS.map((d) => {
        const day = value[d];
        const label = DAY_LABELS[d];
        return (
          <Paper key={d} withBorder radius="md" p="sm" role="group" aria-label={label}>
            <Group justify="space-between" align="center" wrap="wrap" gap="xs">
              <Text fw={600} w={100}>
                {label}
              </Text>
              <Switch
                label={toggle === 'closed' ? 'Closed' : 'Open'}
                aria-label={`${label} ${toggle === 'closed' ? 'closed' : 'open'}`}
                checked={toggle === 'closed' ? !day.open : day.open}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  const open = toggle === 'closed' ? !checked : checked;
                  set(d, { open, from: day.from || DEFAULT_OPEN, to: day.to || DEFAULT_CLOSE });
                }}
              />
            </Group>
            {day.open && (
              <Group grow mt="xs" gap="xs" align="flex-start" preventGrowOverflow={false}>
                <Select
                  label="Open"
                  aria-label={`${label} open time`}
                  data={TIME_OPTIONS}
                  value={day.from}
                  onChange={(v) => v && set(d, { from: v })}
                  searchable
                  allowDeselect={false}
                  maxDropdownHeight={240}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label="Close"
                  aria-label={`${label} close time`}
                  data={TIME_OPTIONS}
                  value={day.to}
                  onChange={(v) => v && set(d, { to: v })}
                  searchable
                  allowDeselect={false}
                  maxDropdownHeight={240}
                  error={bad.has(d) ? 'Must close after it opens' : undefined}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
