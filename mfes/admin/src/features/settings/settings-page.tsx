import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, isNotAvailable, markOwnVersion, notify } from '@turnbook/web-kit';
import { FormProvider, TextareaField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { AdminPage } from '../page-frame/admin-page';

export const UPDATE_SETTING_QUESTION = 'Do you want to update the setting?';
export const MOVE_APPOINTMENT_QUESTION = 'Do you want to move appointment?';

const versionSchema = z.object({
  app_version: z.string().trim().min(1, 'App version is required'),
  body: z.string().trim().min(1, 'Body is required'),
});

const staffId = (label: string) => z.string().trim().regex(/^\d+$/, `${label} must be a number`);
const migrateSchema = z
  .object({
    storeId: staffId('Store id'),
    source: staffId('Source staff id'),
    dest: staffId('Destination staff id'),
  })
  .refine((v) => v.source.trim() !== v.dest.trim(), { message: SCHEDULING_MESSAGES.migrationSameStaff, path: ['dest'] });

/** What a refused migration says: the server's words (a 404 with a code is an unknown store, not a missing service). */
export function migrationErrorText(e: Error): string {
  if (isApiError(e) && e.code) return e.field ? e.message.replace(new RegExp(`^${e.field}: `), '') : e.message;
  return isNotAvailable(e) ? 'The migration service cannot be reached just now. Please try again in a moment.' : e.message;
}

function UpdateVersionSection() {
  const form = useZodForm(versionSchema, { defaultValues: { app_version: '', body: '' } });
  const save = useMutation({ mutationFn: (v: z.output<typeof versionSchema>) => api.post('POST updateVersion', v) });
  const onSubmit = form.handleSubmit(async (v) => {
    if (!(await confirm(UPDATE_SETTING_QUESTION))) return;
    // Every other open tab reloads on the new version; this one stays to show that it was saved.
    markOwnVersion(v.app_version);
    save.mutate(v, { onSuccess: () => void notify({ color: 'green', title: 'Saved', message: `App version ${v.app_version} is set.` }) });
  });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="update-version-title">
      <Title order={2} size="h3" id="update-version-title" mb="sm">
        Update App version
      </Title>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Update App version">
          <Stack>
            {save.isError && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            {save.isSuccess && (
              <Alert color="green" role="status">
                The setting was updated.
              </Alert>
            )}
            <TextField name="app_version" label="app_version" placeholder="e.g. 2.4.0" required />
            <TextareaField name="body" label="body" placeholder="What is new in this version" autosize minRows={3} required />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}

function MigrateSection() {
  const form = useZodForm(migrateSchema, { defaultValues: { storeId: '', source: '', dest: '' } });
  const [moved, setMoved] = useState<number | null>(null);
  const done = moved !== null;
  const migrate = useMutation({
    mutationFn: (v: z.output<typeof migrateSchema>) =>
      api.post('POST migrateAppointments', { storeId: Number(v.storeId), source: Number(v.source), dest: Number(v.dest) }),
    onSuccess: (res) => setMoved(res.moved),
  });
  // Another store or staff member typed after a migration: 'done' turns back into 'save'.
  useEffect(() => {
    const sub = form.watch(() => setMoved(null));
    return () => sub.unsubscribe();
  }, [form]);
  const onSubmit = form.handleSubmit(async (v) => {
    if (!(await confirm(MOVE_APPOINTMENT_QUESTION))) return;
    migrate.mutate(v);
  });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="migrate-title">
      <Title order={2} size="h3" id="migrate-title" mb="sm">
        Migrate Appointment by staffId
      </Title>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Migrate Appointment by staffId">
          <Stack>
            {migrate.isError && (
              <Alert color="red" role="alert" title="The appointments were not moved">
                {migrationErrorText(migrate.error)}
              </Alert>
            )}
            {done && (
              <Alert color="green" role="status">
                {moved === 1 ? '1 appointment was moved.' : `${moved} appointments were moved.`}
              </Alert>
            )}
            <TextField name="storeId" label="Store id" inputMode="numeric" required />
            <TextField name="source" label="Source staff id" inputMode="numeric" required />
            <TextField name="dest" label="Destination staff id" inputMode="numeric" required />
            <Group justify="flex-end">
              <Button type="submit" loading={migrate.isPending} color={done ? 'green' : undefined} disabled={done}>
                {done ? 'done' : 'save'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}

/** /admin-settings (Tools): the app version notice and appointment migration (docs/product/README.md, docs/product/validation.md). */
export default function SettingsPage() {
  return (
    <AdminPage title="Tools">
      <UpdateVersionSection />
      <MigrateSection />
    </AdminPage>
  );
}
