import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, PhoneField, TextareaField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useStaffList, type Employee } from '../staff/model';
import { PeoplePage } from '../staff/ui';
import { customerPayload, customerSchema, type CustomerValues } from './customer-form';
import { FavStaffRadios } from './fav-staff-radios';
import { useCustomer, type Customer } from './model';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';

export const bookableStaff = (list: Employee[] | undefined) => (list ?? []).filter(isRealStaff);

const FIELDS = ['fname', 'lname', 'email', 'phone', 'status', 'fav_staffId', 'book_with_fav_staff'] as const;

function EditForm({ customer, staff }: { customer: Customer; staff: Employee[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(customerSchema, {
    defaultValues: {
      fname: customer.fname,
      lname: customer.lname,
      email: customer.email ?? '',
      phone: formatPhone(customer.phone ?? ''),
      status: customer.status ?? '',
      fav_staffId: customer.fav_staffId ?? 0,
      book_with_fav_staff: customer.book_with_fav_staff === 1,
    },
  });

  const save = async (v: CustomerValues) => {
    if (!(await confirm('Do you want to update this customer?'))) return;
    setBusy('save');
    setError(null);
    try {
      await api.patch('PATCH customer/{id}', { ...customerPayload(v), status: v.status.trim(), book_with_fav_staff: v.book_with_fav_staff ? 1 : 0 }, { id: customer.id });
      await qc.invalidateQueries({ queryKey: ['customers'] });
      navigate(`/customer/${customer.id}`);
    } catch (e) {
      if (isApiError(e) && e.field && (FIELDS as readonly string[]).includes(e.field)) form.setError(e.field as (typeof FIELDS)[number], { type: 'server', message: e.message });
      else setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    if (!(await confirm('Do you want to delete this customer?', { danger: true }))) return;
    setBusy('delete');
    setError(null);
    try {
      await api.delete('DELETE customer/{id}', { id: customer.id });
      // Leave first: read again here, the deleted customer's own page would flash its 404.
      navigate('/customers');
      await qc.invalidateQueries({ queryKey: ['customers'] });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => save(v as CustomerValues))} noValidate aria-label="Edit customer">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack>
            <TextField name="fname" label="First name" autoComplete="off" required />
            <TextField name="lname" label="Last name" autoComplete="off" />
            <TextField name="email" label="Email" type="email" autoComplete="off" autoCapitalize="none" />
            <PhoneField name="phone" label="Phone" />
            <TextareaField name="status" label="Notes" autosize minRows={2} maxRows={6} />
            <Controller
              control={form.control}
              name="book_with_fav_staff"
              render={({ field }) => <Switch label="Allow to book with Favorite staff" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
            />
            <Controller control={form.control} name="fav_staffId" render={({ field }) => <FavStaffRadios staff={staff} value={Number(field.value) || 0} onChange={field.onChange} />} />
            {error && <ErrorState message={error} />}
            <Group justify="space-between" mt="sm">
              <Button color="red.9" variant="outline" onClick={remove} loading={busy === 'delete'}>
                Delete this customer
              </Button>
              <Button type="submit" loading={busy === 'save'}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}

function Edit() {
  const { customerId } = useParams();
  const access = useStoreAccess();
  const customer = useCustomer(customerId);
  const staff = useStaffList(access.storeId);
  // docs/product/README.md: the store owner, and a customer of the current store; otherwise /services.
  if (!access.isOwner || !customerId || !/^\d+$/.test(customerId)) return <Navigate to="/services" replace />;
  if (customer.isPending || staff.isPending) return <LoadingState />;
  if (customer.isError && !(isApiError(customer.error) && [403, 404].includes(customer.error.status)))
    return <ErrorState message={customer.error.message} onRetry={() => customer.refetch()} />;
  if (!customer.data || customer.data.storeId !== access.storeId) return <Navigate to="/services" replace />;
  return <EditForm customer={customer.data} staff={bookableStaff(staff.data)} />;
}

/** /customers/edit/{customerId}. */
export default function CustomerEditPage() {
  const { customerId } = useParams();
  return (
    <PeoplePage title="Edit customer" back={{ to: `/customer/${customerId}`, label: 'Customer Details' }} size="sm">
      <Edit />
    </PeoplePage>
  );
}
