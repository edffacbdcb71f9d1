import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { Slot } from './request-calls';

export const NO_AVAILABILITY = "We're sorry! There are no availability on the date you selected. Please try selecting a different day.";

/** The free start times as one radio group, or the spec's sorry text with Try again (back to the choices). */
export function TimeSlots({ slots, chosen, onChoose, onTryAgain, dateLabel }: { slots: Slot[]; chosen: string | null; onChoose: (start: string) => void; onTryAgain: () => void; dateLabel: string }) {
  // One name: the chips are one native radio group (a single tab stop, arrow keys move the choice).
  const name = useId();
  if (slots.length === 0) {
    return (
      <Stack align="flex-start" role="status">
        <Text>{NO_AVAILABILITY}</Text>
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
        <Group gap={6} role="radiogroup" aria-labelledby={`${name}-label`}>
          {slots.map((s) => (
            <Chip key={s.startMin} value={s.start} type="radio" variant="outline" name={name}>
              {s.start}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
