import { Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain';
import { customerName, type PickedCustomer } from './customer-pick';

/** The customer picked so far, above the customer pages. */
export function ChosenCustomer({ customer }: { customer: PickedCustomer | null }) {
  if (!customer) return null;
  return (
    <Text size="sm">
      Selected: <Text span fw={600} tt="capitalize">{customerName(customer)}</Text> {customer.phone ? formatPhone(customer.phone) : ''}
    </Text>
  );
}
