import { Checkbox, Group, Stack } from '@mantine/core';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { deskName } from './front-desk-rules';
import { StaffAvatar } from './staff-avatar';

export interface StaffChoiceProps {
  label: string;
  staff: readonly EmployeeView[];
  /** the chosen staff ids, as strings */
  value: string[];
  onChange: (ids: string[]) => void;
  avatarSize?: number;
}

/** Who serves a sign-in sheet: one checkbox per staff member, with their avatar and desk name. */
export function StaffChoice({ label, staff, value, onChange, avatarSize = 28 }: StaffChoiceProps) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange}>
      <Stack gap={6} mt="xs">
        {staff.map((e) => (
          <Checkbox
            key={e.id}
            value={String(e.id)}
            label={
              <Group gap="xs" wrap="nowrap" component="span">
                <StaffAvatar employee={e} size={avatarSize} />
                <span>{deskName(e)}</span>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
