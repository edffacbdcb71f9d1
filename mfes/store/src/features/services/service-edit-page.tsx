import { Alert, Button, ColorInput, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ResultCard, StoreCard, StorePage } from '../page-frame/store-page';
import { IconPicker } from './icons/icon-picker';
import {
  DELETE_SERVICE_QUESTION,
  DURATION_REQUIRED,
  fetchService,
  hex,
  ICON_REQUIRED,
  INTERNAL_TEXT,
  NAME_REQUIRED,
  serviceKeys,
  UPDATE_SERVICE_QUESTION,
  priceOf,
  type Service,
} from './service-model';

const num = (message: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const serviceEditSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED),
  price: num('Please enter a price').pipe(z.number().min(0, 'The price cannot be negative')),
  color: z.string().trim().regex(/^#?[0-9a-fA-F]{6}$/, 'Please enter a hex colour like #f9f9fa'),
  duration: num(DURATION_REQUIRED).pipe(z.number().int('Whole minutes only').min(1, DURATION_REQUIRED).max(1440, 'At most 1440 minutes')),
  internal: z.boolean(),
  icon: z.string().min(1, ICON_REQUIRED),
});
type Values = z.input<typeof serviceEditSchema>;
const FIELDS = ['name', 'price', 'color', 'duration', 'icon'];

function ServiceEditForm({ service, onDeleted }: { service: Service; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(serviceEditSchema, {
    defaultValues: {
      name: service.name,
      // Prices keep their cents ($27.50 stays 27.50): taken from the integer cents when the answer has them.
      price: priceOf(service),
      color: hex(service.color),
      duration: service.duration,
      internal: service.type === 'INTERNAL',
      icon: service.icon ?? '',
    },
  });
  const [result, setResult] = useState<'Updated!' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);

  const save = form.handleSubmit(async (v) => {
    setError(null);
    if (!(await confirm(UPDATE_SERVICE_QUESTION))) return;
    setBusy('save');
    try {
      await api.patch(
        'PATCH service/{id}',
        {
          name: v.name.trim(),
          price: Math.round(v.price * 100) / 100,
          duration: v.duration,
          color: v.color.replace(/^#/, '').toLowerCase(),
          icon: v.icon,
          type: v.internal ? 'INTERNAL' : service.type === 'EXTERNAL' ? 'EXTERNAL' : 'ALL',
        },
        { id: service.id },
      );
      await queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      setResult('Updated!');
    } catch (e) {
      if (isApiError(e) && e.field && FIELDS.includes(e.field)) form.setError(e.field as keyof Values, { type: 'server', message: e.message });
      else setError(isApiError(e) ? e.message : 'The service could not be updated.');
    } finally {
      setBusy(null);
    }
  });
  const remove = async () => {
    setError(null);
    if (!(await confirm(DELETE_SERVICE_QUESTION, { danger: true }))) return;
    setBusy('delete');
    try {
      await api.delete('DELETE service/{id}', { id: service.id });
      // The page shows 'Deleted!' before the lists are read again: this service's own read now answers 404.
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The service could not be deleted.');
    } finally {
      setBusy(null);
    }
  };

  if (result) return <ResultCard title={result} doneTo="/services" />;
  return (
    <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
      <StoreCard label="Service settings">
        <FormProvider {...form}>
          <form onSubmit={save} noValidate aria-label="Service settings">
            <Stack>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextField name="name" label="Name" required />
              <Group grow align="flex-start">
                <Controller
                  control={form.control}
                  name="price"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label="Price($)"
                      min={0}
                      decimalScale={2}
                      fixedDecimalScale
                      value={field.value as number | string}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      hideControls
                      inputMode="decimal"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="duration"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label="Duration (minutes)"
                      min={1}
                      max={1440}
                      allowDecimal={false}
                      value={field.value as number | string}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      inputMode="numeric"
                      required
                    />
                  )}
                />
              </Group>
              <Controller
                control={form.control}
                name="color"
                render={({ field, fieldState }) => (
                  <ColorInput
                    label="Colour"
                    description="Hex code; the swatch shows the card colour."
                    format="hex"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    swatches={['#f9f9fa', '#f8bbd0', '#f48fb1', '#b3e5fc', '#81d4fa', '#d1c4e9', '#c8e6c9', '#fff9c4', '#ffe0b2', '#ffccbc']}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="internal"
                render={({ field }) => (
                  <Switch
                    label="Internal"
                    description={INTERNAL_TEXT}
                    checked={Boolean(field.value)}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="icon"
                render={({ field, fieldState }) => <IconPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
              />
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

/** /services/edit/{id} ('Service settings'): owner only, others go to /services. */
export default function ServiceEditPage() {
  const { id = '' } = useParams();
  const { isOwner } = useStoreAccess();
  // Once deleted, the service is gone from every read: stop asking for it and show the result (002).
  const [deleted, setDeleted] = useState(false);
  const service = useQuery({ queryKey: serviceKeys.one(id), enabled: isOwner && !deleted, queryFn: () => fetchService(id) });
  if (!isOwner) return <Navigate to="/services" replace />;
  if (deleted) return <ResultCard title="Deleted!" doneTo="/services" />;
  if (service.isPending) return <LoadingState label="Loading the service…" />;
  if (service.isError) {
    const status = (service.error as { status?: number }).status;
    if (isNotAvailable(service.error) && status !== 404) return <NotAvailable what="Service settings" onRetry={() => service.refetch()} />;
    return (
      <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
        {status === 404 ? <EmptyState>No service</EmptyState> : <ErrorState message={service.error.message} onRetry={() => service.refetch()} />}
      </StorePage>
    );
  }
  if (!service.data)
    return (
      <StorePage title="Service settings" back={{ to: '/services', label: 'Services' }}>
        <EmptyState>No service</EmptyState>
      </StorePage>
    );
  return <ServiceEditForm key={service.data.id} service={service.data} onDeleted={() => setDeleted(true)} />;
}
