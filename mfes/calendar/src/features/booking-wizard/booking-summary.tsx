import { Badge, Stack, Text } from '@mantine/core';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { formatPhone } from '@turnbook/domain';
import { customerName } from './customer-pick';
import { resizeSelections, type WizardDraft } from './wizard-rules';

/** The notes page's summary: who, when, with whom, and each person's services. */
export function BookingSummary({ draft, people, staffName, services, newName, newPhone }: {
  draft: WizardDraft;
  people: number;
  staffName: (id: number) => string;
  services: ServiceView[];
  newName: string | null;
  newPhone: string;
}) {
  const names = (ids: number[]) => ids.map((id) => services.find((s) => s.id === id)?.name ?? `#${id}`).join(', ');
  const who: Pick<Customer, 'fname' | 'lname'> | null = draft.customer;
  return (
    <Stack gap={4}>
      <Text component="div">
        <Text span fw={600}>Customer: </Text>
        <Text span tt="capitalize">{newName ?? (who ? customerName(who) : '')}</Text>
        {newName ? <Badge ml={6} variant="light">new</Badge> : null} {newName ? formatPhone(newPhone) : draft.customer?.phone ? formatPhone(draft.customer.phone) : ''}
      </Text>
      <Text>
        <Text span fw={600}>When: </Text>
        {draft.date} {draft.start} with <Text span tt="capitalize">{staffName(draft.staffId ?? 0)}</Text>
      </Text>
      {resizeSelections(draft.selections, people).map((sel, i) => (
        <Text key={i}>
          <Text span fw={600}>{people > 1 ? `Person ${i + 1}: ` : 'Services: '}</Text>
          {names(sel)}
        </Text>
      ))}
    </Stack>
  );
}
