import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormProvider, PasswordField } from '@turnbook/web-kit/forms';
import type { Employee } from '../model';
import type { PinChange, StaffSettingsState } from './use-staff-settings';

/** Change PIN (the old one asked), or for a forgotten PIN, Reset PIN (the new one alone); 'No PIN' when none is set. */
export function PinChangeCard({ employee, settings }: { employee: Employee; settings: StaffSettingsState }) {
  const { pinForm, resetting, toggleResetting, savePin, busy } = settings;
  return (
    <Paper withBorder radius="md" p="md">
      <FormProvider {...pinForm}>
        <form onSubmit={pinForm.handleSubmit((v) => savePin(v as PinChange))} noValidate aria-label={resetting ? 'Reset PIN' : 'Change PIN'}>
          <Stack>
            <Group justify="space-between">
              <Title order={2} size="h4">
                {resetting ? 'Reset PIN' : 'Change PIN'}
              </Title>
              {employee.hasPIN && (
                <Button variant="subtle" size="compact-sm" onClick={toggleResetting}>
                  {resetting ? 'I know the old PIN' : 'Reset PIN'}
                </Button>
              )}
            </Group>
            {employee.hasPIN && resetting ? (
              <Text size="sm" c="dimmed">
                Forgotten PIN: set a new one without the old one.
              </Text>
            ) : employee.hasPIN ? (
              <PasswordField name="oldPIN" label="Old PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
            ) : (
              <Text size="sm" c="dimmed">
                No PIN is set yet.
              </Text>
            )}
            <PasswordField name="newPIN" label="New PIN" inputMode="numeric" autoComplete="off" maxLength={8} required />
            <PasswordField name="confirmPIN" label="Confirm new PIN" inputMode="numeric" autoComplete="off" maxLength={8} required />
            <Button type="submit" variant="light" loading={busy === 'pin'}>
              {resetting ? 'Save new PIN' : 'Update PIN'}
            </Button>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
