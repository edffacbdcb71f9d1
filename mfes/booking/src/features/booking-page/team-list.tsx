import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { initialsOf, photoOf, staffLabel } from '../booking-modal/staff-display';

/** The staff a customer may ask for online: photo (or initials) and capitalised name. */
export function TeamList({ staff }: { staff: PublicEmployeeView[] }) {
  if (staff.length === 0) return null;
  return (
    <section aria-labelledby="team-title">
      <Title order={2} size="h3" id="team-title" mb="xs">
        Our team
      </Title>
      <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {staff.map((e) => (
          <Stack key={e.id} component="li" gap={4} align="center" w={72}>
            <Avatar src={photoOf(e)} alt="" radius="xl" size={48} color="teal" variant="light">
              {initialsOf(staffLabel(e))}
            </Avatar>
            <Text size="sm" ta="center" truncate w="100%">
              {staffLabel(e)}
            </Text>
          </Stack>
        ))}
      </Group>
    </section>
  );
}
