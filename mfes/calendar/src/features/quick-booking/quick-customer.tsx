import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain';
import { PhoneField, TextField } from '@turnbook/web-kit/forms';
import { customerName, type Match, type PickedCustomer } from '../booking-wizard/customer-pick';
import { CustomerResults } from '../booking-wizard/customer-results';

export interface CustomerChoice {
  picked: PickedCustomer | null;
  walkIn: boolean;
  createAnyway: boolean;
}

/**
 * Who the booking is for, in one place: typing a name or phone searches the store's customers as the
 * wizard's new-customer page does (pick one), or makes a new customer at Save; or a walk-in who gives no
 * details. Inside the panel's FormProvider (fields 'name' and 'phone').
 */
export function QuickCustomer({ choice, onChange, matches }: { choice: CustomerChoice; onChange: (c: CustomerChoice) => void; matches: Match[] }) {
  if (choice.walkIn || choice.picked) {
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="quick-customer">
        <Text>
          {choice.walkIn ? 'Walk-in, no details' : <><Text span tt="capitalize" fw={600}>{customerName(choice.picked!)}</Text> {choice.picked!.phone ? formatPhone(choice.picked!.phone) : ''}</>}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({ picked: null, walkIn: false, createAnyway: false })}>
          Change
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <TextField name="name" label="Customer name" description="First and last name; existing customers show as you type" autoComplete="off" data-autofocus />
      <PhoneField name="phone" label="Phone" />
      <CustomerResults customers={matches} selectedId={null} onSelect={(c) => onChange({ picked: c, walkIn: false, createAnyway: false })} label="Existing customers with this name or phone" />
      {matches.length > 0 && (
        <Checkbox label="None of these: create a new customer anyway" checked={choice.createAnyway} onChange={(e) => onChange({ ...choice, createAnyway: e.currentTarget.checked })} />
      )}
      <Button variant="light" color="gray" onClick={() => onChange({ picked: null, walkIn: true, createAnyway: false })}>
        Walk-in, no details
      </Button>
    </Stack>
  );
}
