import { Chip, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';
import type { SavedCard } from '@turnbook/web-kit/card';
import { GroupCard } from '../booking-wizard/group-card';
import { groupNote, needsCardForGroup, totalDuration } from '../booking-wizard/wizard-rules';

/** How many people, then the services (several may be chosen, as in the wizard), one tap each; a group of 3+ holds a card. */
export function QuickServices({ storeId, services, chosen, onChosen, people, onPeople, card, onCard }: {
  storeId: number;
  services: ServiceView[];
  chosen: number[];
  onChosen: (ids: number[]) => void;
  people: number;
  onPeople: (n: number) => void;
  card: SavedCard | null;
  onCard: (card: SavedCard | null) => void;
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
      {needsCardForGroup(people) && <GroupCard storeId={storeId} card={card} onCard={onCard} />}
    </Stack>
  );
}
