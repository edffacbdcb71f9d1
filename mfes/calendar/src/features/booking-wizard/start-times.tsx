import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';

type Slot = { start: string; startMin: number; free: boolean };

/** The time page's open starts as radio buttons; a start over another appointment says 'conflict'. */
export function StartTimes({ slots, picked, onPick }: { slots: Slot[]; picked: string | null; onPick: (start: string) => void }) {
  return (
    <div role="radiogroup" aria-label="Start times">
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6}>
        {slots.map((s) => {
          const on = picked === s.start;
          return (
            <UnstyledButton
              key={`${s.startMin}-${s.start}`}
              role="radio"
              aria-checked={on}
              aria-label={s.free ? s.start : `${s.start}, conflict`}
              onClick={() => onPick(s.start)}
              style={{
                padding: '6px 4px',
                textAlign: 'center',
                borderRadius: 6,
                border: `1px solid ${s.free ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-orange-7)'}`,
                background: on ? 'var(--mantine-color-blue-8)' : s.free ? 'transparent' : 'var(--mantine-color-orange-0)',
                color: on ? 'white' : 'inherit',
              }}
            >
              <Text span size="sm">{s.start}</Text>
              {!s.free && (
                <Text span size="xs" fw={700} c={on ? 'white' : undefined} display="block">
                  conflict
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
