import { Button, Group, Stack, Text } from '@mantine/core';
import { FormProvider, TextField, FormError } from '@turnbook/web-kit/forms';
import { ResultCard, StoreCard, StorePage } from '../../page-frame/store-page';
import type { Service } from '../service-model';
import { ServiceFields } from './service-fields';
import { useServiceEdit } from './use-service-edit';

/** 'Service settings' of one service: its fields, Delete and Save. */
export function ServiceEditForm({ service, onDeleted }: { service: Service; onDeleted: () => void }) {
  const { form, result, error, busy, save, remove } = useServiceEdit(service, onDeleted);
  if (result) return <ResultCard title={result} doneTo="/services" />;
  return (
    <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
      <StoreCard label="Service settings">
        <FormProvider {...form}>
          <form onSubmit={save} noValidate aria-label="Service settings">
            <Stack>
              <FormError>{error}</FormError>
              <TextField name="name" label="Name" required />
              <ServiceFields />
              <Group justify="space-between" mt="sm">
                <Button color="red" variant="outline" onClick={remove} loading={busy === 'delete'}>
                  Delete service
                </Button>
                <Button type="submit" loading={busy === 'save'}>
                  Save
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                Changes apply to new appointments; booked ones keep their own copy of the service.
              </Text>
            </Stack>
          </form>
        </FormProvider>
      </StoreCard>
    </StorePage>
  );
}
