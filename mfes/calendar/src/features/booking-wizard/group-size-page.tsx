import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';
import { GROUP_QUICK_PICKS, groupNote, needsCardForGroup, WIZARD_MESSAGES } from './wizard-rules';

/** Page 6: how many people the group books. */
export function GroupSizePage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch } = w;
  const setSize = (size: number) => dispatch({ type: 'set', patch: { size } });
  return (
    <>
      <Stack>
        <Group gap="xs" role="group" aria-label="Group size quick picks">
          {GROUP_QUICK_PICKS.map((n) => (
            <Button key={n} variant={draft.size === n ? 'filled' : 'light'} onClick={() => setSize(n)} aria-pressed={draft.size === n}>
              {n}
            </Button>
          ))}
        </Group>
        <NumberInput label="Group size" min={2} max={50} value={draft.size} onChange={(v) => setSize(Number(v) || 0)} allowDecimal={false} />
        {draft.size > 1 && <Text c="dimmed">{groupNote(draft.size)}</Text>}
        {needsCardForGroup(draft.size) && (
          <Alert color="yellow" variant="light">
            {WIZARD_MESSAGES.groupCard}
          </Alert>
        )}
      </Stack>
      <WizardFooter w={w} next={() => dispatch({ type: 'sizeNext' })} />
    </>
  );
}
