import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, PhoneField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { ErrorState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useStaffList } from '../staff/model';
import { Allowed, DonePanel, PeoplePage } from '../staff/ui';
import { bookableStaff } from './customer-edit-page';
import { customerPayload, customerSchema, type CustomerValues } from './customer-form';
import { FavStaffRadios } from './fav-staff-radios';
import { customerName, type Customer } from './model';

const FIELDS = ['fname', 'lname', 'email', 'phone', 'fav_staffId'] as const;

/** The create form (page 1) and the 'Congrats' page (page 2) of docs/product/statuses.md. */
export function CreateCustomer() {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const staff = useStaffList(access.storeId);
  const [created, setCreated] = useState<Pick<Customer, 'id' | 'fname' | 'lname'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useZodForm(customerSchema, {
    defaultValues: { fname: '', lname: '', email: '', phone: '', status: '', fav_staffId: 0, book_with_fav_staff: false },
  });
  const fname = useWatch({ control: form.control, name: 'fname' });

  const submit = async (v: CustomerValues) => {
    // The route's rule needs a store: a page without one is never shown.
    if (access.storeId === undefined) return;
    setBusy(true);
    setError(null);
    try {
      const body = { storeId: access.storeId, ...customerPayload(v) };
      const { customer } = await api.post('POST customer', body);
      await qc.invalidateQueries({ queryKey: ['customers'] });
      // A caller without access to the store is answered the id only: the names are then the ones sent.
      setCreated('fname' in customer ? customer : { id: customer.id, fname: body.fname, lname: body.lname });
    } catch (e) {
      if (isApiError(e) && e.field && (FIELDS as readonly string[]).includes(e.field)) form.setError(e.field as (typeof FIELDS)[number], { type: 'server', message: e.message });
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (created) return <DonePanel title="Congrats" message={`${customerName(created)} has been added!`} to={`/customer/${created.id}`} />;

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => submit(v as CustomerValues))} noValidate aria-label="New customer">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack>
            <TextField name="fname" label="First name" autoComplete="off" required />
            <TextField name="lname" label="Last name" autoComplete="off" />
            <TextField name="email" label="Email (optional)" type="email" autoComplete="off" autoCapitalize="none" />
            <PhoneField name="phone" label="Phone" />
            <Controller control={form.control} name="fav_staffId" render={({ field }) => <FavStaffRadios staff={bookableStaff(staff.data)} value={Number(field.value) || 0} onChange={field.onChange} />} />
            {error && <ErrorState message={error} />}
            {fname ? (
              <Button type="submit" loading={busy}>
                Create
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Enter a first name to create the customer.
              </Text>
            )}
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}

/** /customers/create. */
export default function CustomerCreatePage() {
  return (
    <Allowed rule="storeNotLimited" redirect="/stores/">
      <PeoplePage title="New customer" back={{ to: '/customers', label: 'Customers' }} size="sm">
        <CreateCustomer />
      </PeoplePage>
    </Allowed>
  );
}
