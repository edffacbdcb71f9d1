import { Anchor, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import type { Customer } from '@turnbook/contracts/schemas/customers';
import { formatPhone } from '@turnbook/domain';
import { customerName } from './customer-pick';

/** Found customers: banned ones are listed (so staff know why) but cannot be picked. */
export function CustomerResults({ customers, selectedId, onSelect, label }: { customers: (Customer & { matchedBy?: string })[]; selectedId: number | null; onSelect: (c: Customer) => void; label: string }) {
  if (customers.length === 0) return null;
  return (
    <Radio.Group label={label} value={selectedId ? String(selectedId) : null} onChange={(v) => onSelect(customers.find((c) => String(c.id) === v)!)}>
      <Stack gap={6} mt={6}>
        {customers.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Radio
              value={String(c.id)}
              disabled={c.banned}
              label={
                <Group gap={6}>
                  <Text span tt="capitalize">
                    {customerName(c)}
                  </Text>
                  <Text span c="dimmed" size="sm">
                    #{c.id} {c.phone ? formatPhone(c.phone) : ''}
                  </Text>
                  {c.matchedBy && (
                    <Badge color="gray" variant="light">
                      same {c.matchedBy}
                    </Badge>
                  )}
                  {c.banned && (
                    <Badge color="red" variant="light">
                      banned
                    </Badge>
                  )}
                </Group>
              }
            />
            <Anchor href={`/customer/${c.id}`} target="_blank" size="sm" aria-label={`History of ${customerName(c)}`}>
              History
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Radio.Group>
  );
}
