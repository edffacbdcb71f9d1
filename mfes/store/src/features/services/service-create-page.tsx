import { Button, Group, NumberInput, Progress, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { IconPicker } from './icons/icon-picker';
import { durationProblem, ICON_REQUIRED, nameProblem, priceProblem, serviceKeys } from './service-model';
import { FormError } from '@turnbook/web-kit/forms';

type Page = 1 | 2 | 3 | 4;

/** /services/create: page 1 name and 'Display to customer?', 2 duration, 3 icon and Create, 4 'Congrats!'. */
export default function ServiceCreatePage() {
  const { storeId, isOwner } = useStoreAccess();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Page>(1);
  const [name, setName] = useState('');
  const [display, setDisplay] = useState(true);
  const [duration, setDuration] = useState<number | string>('');
  const [price, setPrice] = useState<number | string>('');
  const [icon, setIcon] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'duration' | 'icon' | 'price', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!isOwner || !storeId) return <Navigate to="/services" replace />;

  const durationValue = typeof duration === 'number' ? duration : Number(duration);
  // A shown message is checked again as its value changes: it goes as soon as the value is valid.
  const recheck = (field: keyof typeof errors, problem: string | null) => setErrors((e) => (e[field] ? { ...e, [field]: problem ?? undefined } : e));
  const next1 = () => {
    const p = nameProblem(name);
    if (p) return setErrors({ name: p });
    setErrors({});
    setPage(2);
  };
  const next2 = () => {
    const d = durationProblem(duration);
    if (d) return setErrors({ duration: d });
    const p = priceProblem(price);
    if (p) return setErrors({ price: p });
    setErrors({});
    setPage(3);
  };
  const create = async () => {
    if (!icon) return setErrors({ icon: ICON_REQUIRED });
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      await api.post('POST service', {
        storeId,
        name: name.trim(),
        duration: durationValue,
        icon,
        type: display ? 'ALL' : 'INTERNAL',
        ...(price === '' ? {} : { price: Math.round(Number(price) * 100) / 100 }),
      });
      await queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      setPage(4);
    } catch (e) {
      if (isApiError(e) && (e.field === 'name' || e.field === 'duration' || e.field === 'price')) {
        setErrors({ [e.field]: e.message });
        setPage(e.field === 'name' ? 1 : 2);
      } else if (isApiError(e) && e.field === 'icon') setErrors({ icon: e.message });
      else setError(isApiError(e) ? e.message : 'The service could not be created.');
    } finally {
      setBusy(false);
    }
  };

  if (page === 4)
    return (
      <StorePage title="Add Service">
        <StoreCard>
          <Stack align="center" ta="center" role="status">
            <Title order={2}>Congrats!</Title>
            <Text size="lg">{name.trim()} has been added!</Text>
            <Button component={Link} to="/services" miw={140}>
              Done
            </Button>
          </Stack>
        </StoreCard>
      </StorePage>
    );

  const titles: Record<1 | 2 | 3, string> = { 1: 'Name your service', 2: 'How long is for one session?', 3: 'Choose an icon' };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (page === 1) next1();
    else if (page === 2) next2();
    else void create();
  };
  return (
    <StorePage title="Add Service" back={{ to: '/services', label: 'Services' }}>
      <StoreCard label="Add Service">
        <Stack gap={6} mb="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            Step {page} of 3
          </Text>
          <Progress value={(page / 3) * 100} size="sm" aria-label={`Step ${page} of 3`} />
          <Title order={2} size="h3">
            {titles[page]}
          </Title>
        </Stack>
        <form onSubmit={onSubmit} noValidate aria-label={titles[page]}>
          <Stack>
            <FormError>{error}</FormError>
            {page === 1 && (
              <>
                <TextInput label="Service name" value={name} onChange={(e) => { setName(e.currentTarget.value); recheck('name', nameProblem(e.currentTarget.value)); }} error={errors.name} required />
                <Switch label="Display to customer?" description="Off: an internal service, not shown in customer sign in or online booking." checked={display} onChange={(e) => setDisplay(e.currentTarget.checked)} />
              </>
            )}
            {page === 2 && (
              <>
                <NumberInput label="Duration (minutes)" min={1} max={1440} allowDecimal={false} value={duration} onChange={(v) => { setDuration(v); recheck('duration', durationProblem(v)); }} error={errors.duration} inputMode="numeric" required />
                <NumberInput label="Price($) (optional)" min={0} decimalScale={2} fixedDecimalScale value={price} onChange={(v) => { setPrice(v); recheck('price', priceProblem(v)); }} error={errors.price} hideControls inputMode="decimal" />
              </>
            )}
            {page === 3 && <IconPicker value={icon} onChange={(v) => { setIcon(v); recheck('icon', v ? null : ICON_REQUIRED); }} error={errors.icon} />}
            <Group justify={page > 1 ? 'space-between' : 'flex-end'} mt="md">
              {page > 1 && (
                <Button variant="default" onClick={() => setPage((page - 1) as Page)} leftSection={<span aria-hidden>←</span>}>
                  Back
                </Button>
              )}
              {page < 3 ? (
                <Button type="submit" rightSection={<span aria-hidden>→</span>}>
                  Next
                </Button>
              ) : (
                <Button type="submit" loading={busy}>
                  Create
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </StoreCard>
    </StorePage>
  );
}
