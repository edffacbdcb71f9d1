import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';
import { api } from '@turnbook/web-kit';
import { FormProvider, SelectField, TextareaField, TextField, useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { alert, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { DETAILS_MESSAGES, useServices, useStaff, type WriteAnswer } from './details-data';
import { endAfter, isDayOff, statusOnEdit } from './details-rules';
import { editLength, editSchema, serviceOptions, staffOptions, startOptions, type EditValues } from './edit-options';

/**
 * Edit: staff, services, date and time, note. The status follows the edit rules (onto a real staff member
 * ON, a cancelled one stays cancelled, onto Online an approved one stays APPROVED); the end is the start plus
 * the services' length (or the old length when the services did not change).
 */
export function EditForm(props: { store: StoreView; appointment: AppointmentView; userId?: number; onDone: (r: WriteAnswer) => void; onBack: () => void }) {
  const a = props.appointment;
  const dayOff = isDayOff(a);
  const staff = useStaff(props.store.id);
  const services = useServices(props.store.id, !dayOff);
  const [failure, setFailure] = useState<string | null>(null);
  const originalServices = a.serviceIds === '0' ? [] : a.serviceIds.split(',');
  const form = useZodForm(editSchema(dayOff), {
    defaultValues: { staffId: String(a.staffId), serviceIds: originalServices, date: a.date, start: a.start, note: a.note },
  });
  const chosen = useWatch({ control: form.control, name: 'serviceIds' }) as string[];
  // An appointment on the TBD placeholder (or role none) is in the Unassigned column: its edit starts there.
  const onPlaceholder = (staff.data ?? []).some((e) => e.id === a.staffId && !e.archived && !isRealStaff(e));
  useEffect(() => {
    if (onPlaceholder) form.setValue('staffId', String(UNASSIGNED_COLUMN));
  }, [onPlaceholder, form]);

  if (staff.isPending || (!dayOff && services.isPending)) return <LoadingState label="Loading staff and services…" />;
  if (staff.isError) return <ErrorState message={staff.error.message} onRetry={() => staff.refetch()} />;
  if (services.isError) return <ErrorState message={services.error.message} onRetry={() => services.refetch()} />;

  const all = services.data ?? [];
  const length = editLength(a, chosen, originalServices, all);

  const submit = form.handleSubmit(async (v: EditValues) => {
    const today = DateTime.now().setZone(props.store.timezone).toISODate()!;
    if (v.date !== a.date && v.date < today) {
      await alert(DETAILS_MESSAGES.invalidDate, DETAILS_MESSAGES.pastDate);
      return;
    }
    const end = endAfter(v.start, length, props.store.timezone, v.date);
    if (!end) {
      form.setError('start', { message: 'The appointment would end after midnight' });
      return;
    }
    const staffId = Number(v.staffId);
    try {
      const res = await api.patch(
        'PATCH appointment/{id}',
        {
          staffId,
          customerId: a.customerId,
          serviceIds: dayOff ? '0' : v.serviceIds.join(','),
          date: v.date,
          start: v.start,
          end,
          note: v.note,
          status: statusOnEdit(a.status, staffId),
          modifiedBy: props.userId,
        },
        { id: a.id },
      );
      props.onDone(res);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Edit appointment">
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title="The appointment was not saved">
              {failure}
            </Alert>
          )}
          <SelectField name="staffId" label="Staff" data={staffOptions(staff.data ?? [], a, dayOff)} allowDeselect={false} required />
          {!dayOff && (
            <Controller
              name="serviceIds"
              control={form.control}
              render={({ field, fieldState }) => (
                <MultiSelect
                  label="Services"
                  data={serviceOptions(all, originalServices)}
                  value={field.value as string[]}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  searchable
                  required
                />
              )}
            />
          )}
          <TextField name="date" label="Date" type="date" required />
          <SelectField name="start" label="Start time" data={startOptions(a.start)} searchable allowDeselect={false} required />
          <Text size="sm" c="dimmed">
            Length: {length} min
          </Text>
          <TextareaField name="note" label="Note" autosize minRows={2} />
          <Group gap="xs">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
            <Button variant="default" onClick={props.onBack}>
              Back
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
