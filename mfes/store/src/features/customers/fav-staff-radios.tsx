import { Group, Radio, Stack, Text } from '@mantine/core';
import { staffName, type Employee } from '../staff/model';
import { StaffAvatar } from '../staff/ui';

/**
 * The favourite-staff radio list (docs/product/README.md): choosing one selects it, clicking the chosen one again clears
 * it (value 0).
 */
export function FavStaffRadios({ staff, value, onChange, label = 'Favorite staff' }: { staff: Employee[]; value: number; onChange: (id: number) => void; label?: string }) {
  return (
    <Radio.Group label={label} description="Click the chosen staff member again to clear it." value={value ? String(value) : ''} onChange={(v) => onChange(Number(v) || 0)}>
      <Stack gap="xs" mt="xs">
        {staff.map((e) => (
          <Radio
            key={e.id}
            value={String(e.id)}
            onClick={() => {
              if (value === e.id) onChange(0);
            }}
            label={
              <Group gap="xs" wrap="nowrap">
                <StaffAvatar employee={e} size={24} />
                <Text size="sm">{staffName(e)}</Text>
              </Group>
            }
          />
        ))}
        {!staff.length && (
          <Text size="sm" c="dimmed">
            No data
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}
