import { Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import type { StripDay } from './use-day-strip';

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  const f = (o: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-US', { timeZone: 'UTC', ...o });
  return { weekday: f({ weekday: 'short' }), day: d, month: f({ month: 'short' }), long: f({ weekday: 'long', month: 'long', day: 'numeric' }) };
};

/** What a day's card says under its date: closed, full, how many times, or nothing yet (no services chosen). */
export function dayState(day: StripDay): { text: string; open: boolean } {
  if (day.closed) return { text: 'Closed', open: false };
  if (day.free === null) return { text: '', open: true };
  if (day.free === 0) return { text: 'Full', open: false };
  return { text: `${day.free} ${day.free === 1 ? 'time' : 'times'}`, open: true };
}

/**
 * The next three weeks as a row of days (scrolls sideways on a phone): each says whether the store is
 * closed, full or how many times it has for the services and staff chosen. One radio group; a closed or
 * full day can still be chosen (Search then says so and offers the next day with times).
 */
export function DayStrip({ days, value, onChange, loading }: { days: StripDay[]; value: string; onChange: (date: string) => void; loading: boolean }) {
  return (
    <Radio.Group label="Day" description={loading ? 'Looking for free times…' : undefined} value={value} onChange={onChange}>
      <ScrollArea type="auto" offsetScrollbars mt="xs">
        <Group gap={6} wrap="nowrap" pb={4}>
          {days.map((d) => {
            const p = parts(d.date);
            const state = dayState(d);
            return (
              <Radio.Card
                key={d.date}
                value={d.date}
                radius="md"
                p={6}
                w={64}
                aria-label={`${p.long}${state.text ? `: ${state.text}` : ''}`}
                data-open={state.open && d.free !== null ? '' : undefined}
                // a closed or full day is greyed by its background, not by fading its text (contrast)
                bg={state.open ? undefined : 'gray.1'}
                style={{ flex: '0 0 auto' }}
              >
                <Stack gap={0} align="center">
                  <Text size="xs">{p.weekday}</Text>
                  <Text fw={700}>{p.day}</Text>
                  <Text size="xs">{p.month}</Text>
                  <Text size="10px" c={state.open ? 'teal.9' : 'gray.8'} fw={600} h={14}>
                    {state.text}
                  </Text>
                </Stack>
              </Radio.Card>
            );
          })}
        </Group>
      </ScrollArea>
    </Radio.Group>
  );
}
