import { Avatar, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { initialsOf, photoOf, staffLabel } from './staff-display';

/** One staff choice: a photo (or initials) and the capitalised name, as a radio card. */
function StaffCard({ value, name, photo }: { value: number; name: string; photo: string | null }) {
  return (
    <Radio.Card value={String(value)} radius="md" p="xs" aria-label={name}>
      <Group gap="xs" wrap="nowrap">
        <Radio.Indicator size="xs" />
        <Avatar src={photo} alt="" radius="xl" size={36} color="teal" variant="light">
          {value === ONLINE_COLUMN ? '✱' : initialsOf(name)}
        </Avatar>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
      </Group>
    </Radio.Card>
  );
}

/**
 * Who the customer asks for: 'Anyone' first, then the online staff in the store's order, each with a photo or
 * initials. One radio group (arrow keys move the choice), in place of a native dropdown of lower-case names.
 */
export function StaffPicker({ value, onChange, staff }: { value: number; onChange: (id: number) => void; staff: PublicEmployeeView[] }) {
  return (
    <Radio.Group label="Staff" value={String(value)} onChange={(v) => onChange(Number(v))}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
        <StaffCard value={ONLINE_COLUMN} name="Anyone" photo={null} />
        {staff.map((e) => (
          <StaffCard key={e.id} value={e.id} name={staffLabel(e)} photo={photoOf(e)} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
