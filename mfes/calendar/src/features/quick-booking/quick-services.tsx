import { Alert, Chip, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { groupNote, needsCardForGroup, totalDuration, WIZARD_MESSAGES } from '../booking-wizard/wizard-rules';

/** How many people, then the services (several may be chosen, as in the wizard), one tap each. */
export function QuickServices({ services, chosen, onChosen, people, onPeople }: {
  services: ServiceView[];
  chosen: number[];
  onChosen: (ids: number[]) => void;
  people: number;
  onPeople: (n: number) => void;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" fw={600}>Services</Text>
          <Text size="xs" c="dimmed">Total: {totalDuration(chosen, services)} min{people > 1 ? ` each · ${groupNote(people)}` : ''}</Text>
        </div>
        <NumberInput label="People" min={1} max={50} w={90} value={people} onChange={(v) => onPeople(Math.max(1, Number(v) || 1))} allowDecimal={false} />
      </Group>
      <Chip.Group multiple value={chosen.map(String)} onChange={(v) => onChosen(v.map(Number))}>
        <Group gap={6} role="group" aria-label="Services">
          {services.map((s) => (
            <Chip key={s.id} value={String(s.id)}>
              {s.name} · {s.duration} min
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {needsCardForGroup(people) && (
        <Alert color="yellow" variant="light">
          {WIZARD_MESSAGES.groupCard}
        </Alert>
      )}
    </Stack>
  );
}
