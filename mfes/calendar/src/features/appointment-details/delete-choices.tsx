import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { Button, Group, Stack, Text } from '@mantine/core';
import { BackButton } from './back-button';
import { deleteChoices, type DeleteChoice, type DetailsAccess } from './details-rules';

const CHOICE_LABELS: Record<DeleteChoice, string> = { cancel: 'Cancel', cancelAndText: 'Cancel and Text Customer', delete: 'Delete appointment' };

/** The delete modal: Cancel (soft), Cancel and Text Customer (a store setting), Delete appointment (managers: the hard delete). */
export function DeleteChoices(props: {
  appointment: AppointmentView;
  access: DetailsAccess;
  cancelAndText: boolean;
  busy: boolean;
  onChoose: (c: DeleteChoice) => void;
  onBack: () => void;
}) {
  const choices = deleteChoices(props.appointment, props.access, props.cancelAndText);
  return (
    <Stack>
      <Text>
        Cancel keeps the appointment on the calendar as CANCELED.{props.access.canDelete ? ' Delete appointment removes it for good.' : ''}
      </Text>
      <Group gap="xs">
        {choices.map((c) => (
          <Button key={c} color={c === 'delete' ? 'red.9' : undefined} variant={c === 'delete' ? 'filled' : 'outline'} disabled={props.busy} onClick={() => props.onChoose(c)}>
            {CHOICE_LABELS[c]}
          </Button>
        ))}
        <BackButton onBack={props.onBack} />
      </Group>
    </Stack>
  );
}
