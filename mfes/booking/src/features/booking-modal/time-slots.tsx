import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { longDate } from './booking-window';
import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';
import { groupTimes } from './time-groups';
import type { NextDay } from './use-time-search';

export const NO_AVAILABILITY = "We're sorry! There are no availability on the date you selected. Please try selecting a different day.";

export const NONE_IN_WINDOW = 'There are no free times in the next 45 days for these choices. Please try other services or staff, or call the shop.';

/**
 * The free start times as one radio group, by Morning, Afternoon and Evening (~35 chips in one block were
 * hard to scan), or the spec's sorry text with Try again (back to the choices)
 * and, once found, the next day with free times for the same choices.
 */
export function TimeSlots({ slots, chosen, onChoose, onTryAgain, dateLabel, next = null, onNextDay }: {
  slots: AvailabilitySlot[];
  chosen: string | null;
  onChoose: (start: string) => void;
  onTryAgain: () => void;
  dateLabel: string;
  next?: NextDay;
  onNextDay?: () => void;
}) {
  // One name: the chips are one native radio group (a single tab stop, arrow keys move the choice).
  const name = useId();
  if (slots.length === 0) {
    return (
      <Stack align="flex-start" role="status">
        <Text>{NO_AVAILABILITY}</Text>
        {next?.looking && <Text size="sm">Looking for the next day with free times…</Text>}
        {next && !next.looking && next.date && (
          <>
            <Text fw={600}>The next day with free times is {longDate(next.date)}.</Text>
            <Button onClick={onNextDay}>See times on {longDate(next.date)}</Button>
          </>
        )}
        {next && !next.looking && !next.date && <Text>{NONE_IN_WINDOW}</Text>}
        <Button variant="light" onClick={onTryAgain}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text fw={600} id={`${name}-label`}>
        Available times on {dateLabel}
      </Text>
      <Chip.Group multiple={false} value={chosen} onChange={(v) => onChoose(v)}>
        <Stack gap="sm" role="radiogroup" aria-labelledby={`${name}-label`}>
          {groupTimes(slots).map((g) => (
            <Stack key={g.part} gap={4} role="group" aria-labelledby={`${name}-${g.part}`}>
              <Text size="sm" fw={600} c="dimmed" id={`${name}-${g.part}`}>
                {g.part}
              </Text>
              <Group gap={6}>
                {g.slots.map((s) => (
                  <Chip key={s.startMin} value={s.start} type="radio" variant="outline" name={name} size="sm">
                    {s.start}
                  </Chip>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </Chip.Group>
    </Stack>
  );
}
