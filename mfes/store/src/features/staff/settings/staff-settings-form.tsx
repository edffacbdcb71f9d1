import { Button, Divider, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { ErrorState } from '@turnbook/web-kit/ui';
import { ONLINE_BOOKING_CHOICES, STAFF_ROLE_NAMES } from '../choices';
import { staffName, type Employee } from '../model';
import { StaffAvatar } from '../ui';
import { PinChangeCard } from './pin-change-card';
import { useStaffSettings, type DoneWord } from './use-staff-settings';

/** One staff member's settings: role and online booking, the PIN, and Archive. */
export function StaffSettingsForm({ employee, onDone }: { employee: Employee; onDone: (word: DoneWord) => void }) {
  const settings = useStaffSettings(employee, onDone);
  const { role, setRole, online, setOnline, busy, error, saveSettings, archive } = settings;
  return (
    <Stack gap="lg">
      <Stack align="center" gap={4}>
        <StaffAvatar employee={employee} size={72} />
        <Text fw={700} size="lg">
          {staffName(employee)}
        </Text>
        <Text size="sm" c="dimmed">
          Staff ID: {employee.id}
        </Text>
      </Stack>
      {error && <ErrorState message={error} />}
      <Paper withBorder radius="md" p="md">
        <Stack>
          <NativeSelect label="Role" data={[...STAFF_ROLE_NAMES]} value={role} onChange={(e) => setRole(e.currentTarget.value as Employee['role'])} />
          <NativeSelect label="Online Booking" data={ONLINE_BOOKING_CHOICES} value={online} onChange={(e) => setOnline(e.currentTarget.value as Employee['online_booking'])} />
          <Button onClick={saveSettings} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
            Save
          </Button>
        </Stack>
      </Paper>
      <PinChangeCard employee={employee} settings={settings} />
      <Divider />
      <Button color="red" variant="outline" onClick={archive} loading={busy === 'archive'}>
        Archive this staff
      </Button>
    </Stack>
  );
}
