import { Alert, Button, Code, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isApiError, isNotAvailable, useSession } from '@turnbook/web-kit';
import { FormProvider, PhoneField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { ResultCard, StoreCard, StorePage } from '../page-frame/store-page';
import { AddressFields } from './address-fields';
import { HoursEditor } from './hours-editor';
import { FranchiseManagersCard } from './franchise-managers-card';
import { KioskPinCard } from './kiosk-pin-card';
import { TextSettingsCard } from './text-settings-card';
import { fetchStoreByPermalink, storeKeys } from './store-api';
import { hoursToState, invalidDays, SETTING_LABELS, stateToHours, timeZoneOptions, type HoursState, type Store, type StoreSettings } from './store-model';
import { addressPayload, DELETE_STORE_QUESTION, editStoreSchema, permalinkOf, UPDATE_STORE_QUESTION, type EditStoreValues } from './store-schema';

// Its own chunk: /stores shares this page's code, and the card policy is read by the owner on this page only.
const CardPolicyCard = lazy(() => import(/* webpackChunkName: "store-card-policy" */ './card-policy-card'));

/** Old links keep working (they lead to the new one), so a change never breaks a booking link already shared. */
export const CHANGE_LINK_QUESTION = 'Do you want to change the booking link? Old links keep working.';
const PERMALINK_RULE = /^[^\s/?#%\\]+$/;

/** A new booking link's problem, or null (checked at Save, and again as a shown message's value changes). */
function linkProblem(permalink: string, current: string): string | null {
  if (!permalink) return 'Please enter a link';
  if (!PERMALINK_RULE.test(permalink)) return 'The link may not have spaces or / ? # % \\';
  return permalink === current ? 'This is the current link' : null;
}

/** The booking link (permalink), changed only on purpose: saving the settings never touches it. */
function BookingLinkCard({ store, isOwner, name, onChanged }: { store: Store; isOwner: boolean; name: string; onChanged: (permalink: string) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async () => {
    const permalink = value.trim().toLowerCase();
    const problem = linkProblem(permalink, store.permalink);
    if (problem) return setError(problem);
    setError(null);
    if (!(await confirm(CHANGE_LINK_QUESTION))) return;
    setBusy(true);
    try {
      await api.patch('PATCH store/{id}', { permalink }, { id: store.id });
      const session = useSession.getState();
      if (session.store_id === String(store.id)) session.setSession({ store_permalink: permalink });
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      onChanged(permalink);
    } catch (e) {
      setError(isApiError(e) && e.status === 409 ? 'This link is already taken' : isApiError(e) ? e.message : 'The link could not be changed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <StoreCard label="Booking link">
      <Title order={2} size="h4" mb="xs">
        Booking link
      </Title>
      <Text size="sm">
        Customers book at <Code>/booking/{store.permalink}</Code>
      </Text>
      {isOwner && !editing && (
        <Button
          variant="light"
          mt="sm"
          onClick={() => {
            setValue(permalinkOf(name || store.name));
            setEditing(true);
          }}
        >
          Change link
        </Button>
      )}
      {editing && (
        <Stack mt="sm" gap="xs">
          <TextInput label="New link" description="Old links keep working." value={value} onChange={(e) => { setValue(e.currentTarget.value); if (error) setError(linkProblem(e.currentTarget.value.trim().toLowerCase(), store.permalink)); }} error={error} autoCapitalize="none" />
          <Group>
            <Button onClick={change} loading={busy}>
              Save link
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </StoreCard>
  );
}

const FORM_FIELDS = ['name', 'street', 'address2', 'city', 'state', 'zip', 'email', 'phone', 'username', 'timezone'];

function StoreSettingsForm({ store, isOwner, onDeleted }: { store: Store; isOwner: boolean; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(editStoreSchema, {
    defaultValues: {
      name: store.name, street: store.street, address2: store.address2 ?? '', city: store.city, state: store.state, zip: store.zip,
      email: store.email, phone: formatPhone(store.phone), username: store.username ?? '', timezone: store.timezone,
    },
  });
  const [hours, setHours] = useState<HoursState>(() => hoursToState(store.hours));
  const [settings, setSettings] = useState<StoreSettings>({
    turnsBlock: Boolean(store.settings?.turnsBlock),
    cancelAndText: Boolean(store.settings?.cancelAndText),
    autoTextOnApprove: Boolean(store.settings?.autoTextOnApprove),
  });
  const [result, setResult] = useState<{ kind: 'updated' | 'link'; permalink: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const badDays = invalidDays(hours);

  const save = form.handleSubmit(async (v: EditStoreValues) => {
    setError(null);
    if (badDays.length) {
      setError('Each open day must close after it opens.');
      return;
    }
    if (!(await confirm(UPDATE_STORE_QUESTION))) return;
    setBusy('save');
    // The permalink is not resent: a rename keeps the booking link; changing the link is its own action below.
    const permalink = store.permalink;
    try {
      await api.patch(
        'PATCH store/{id}',
        {
          ...addressPayload(v),
          hours: stateToHours(hours),
          username: v.username.trim().toLowerCase(),
          timezone: v.timezone,
          settings,
        },
        { id: store.id },
      );
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      setResult({ kind: 'updated', permalink });
    } catch (e) {
      if (isApiError(e) && e.field && FORM_FIELDS.includes(e.field)) {
        form.setError(e.field as keyof EditStoreValues, { type: 'server', message: e.status === 409 && e.field === 'username' ? 'This username is already taken' : e.message });
      } else setError(isApiError(e) ? e.message : 'The store could not be updated.');
    } finally {
      setBusy(null);
    }
  });

  const remove = async () => {
    setError(null);
    if (!(await confirm(DELETE_STORE_QUESTION, { danger: true }))) return;
    setBusy('delete');
    try {
      await api.get('GET removeStore/{id}', { id: store.id });
      const session = useSession.getState();
      if (session.store_id === String(store.id)) session.setSession({ store_id: null, store_permalink: null, store_owner_id: null, owner_id: null, staff_id: null });
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
    } catch (e) {
      setError(isApiError(e) && e.status === 403 ? 'Only the store owner can delete this store.' : isApiError(e) ? e.message : 'The store could not be deleted.');
    } finally {
      setBusy(null);
    }
  };

  if (result?.kind === 'updated') return <ResultCard title="Updated!" message="The store settings were saved." doneTo={`/store/${result.permalink}`} />;
  if (result?.kind === 'link')
    return <ResultCard title="Updated!" message={`The booking link is now /booking/${result.permalink}. Old links keep working.`} doneTo={`/store/${result.permalink}`} />;

  return (
    <StorePage title="Store settings" size="md" back={{ to: `/store/${store.permalink}`, label: 'Store Details' }}>
      <FormProvider {...form}>
        <form onSubmit={save} noValidate aria-label="Store settings">
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <StoreCard label="Business">
              <Stack>
                <TextField name="name" label="Name" required />
                <AddressFields />
                <TextField name="email" label="Email" type="email" autoCapitalize="none" required />
                <PhoneField name="phone" label="Phone number" required />
                <TextField name="username" label="Username" autoCapitalize="none" autoComplete="off" required />
              </Stack>
            </StoreCard>
            <BookingLinkCard store={store} isOwner={isOwner} name={form.getValues('name')} onChanged={(permalink) => setResult({ kind: 'link', permalink })} />
            <StoreCard label="Business hours">
              <Title order={2} size="h4" mb="xs">
                Business hours
              </Title>
              <HoursEditor value={hours} onChange={setHours} toggle="closed" />
              <Controller
                control={form.control}
                name="timezone"
                render={({ field, fieldState }) => (
                  <Select
                    mt="md"
                    label="Time zone"
                    description="Appointments and business hours are in this zone."
                    data={timeZoneOptions(field.value)}
                    value={field.value ?? null}
                    onChange={(v) => v && field.onChange(v)}
                    searchable
                    allowDeselect={false}
                    limit={60}
                    nothingFoundMessage="No such time zone"
                    error={fieldState.error?.message}
                  />
                )}
              />
            </StoreCard>
            <StoreCard label="Store settings">
              <Title order={2} size="h4" mb="xs">
                Front desk and texts
              </Title>
              <Stack gap="sm">
                {(Object.keys(SETTING_LABELS) as (keyof StoreSettings)[]).map((k) => (
                  <Switch
                    key={k}
                    label={SETTING_LABELS[k]}
                    checked={settings[k]}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setSettings((s) => ({ ...s, [k]: checked }));
                    }}
                  />
                ))}
              </Stack>
            </StoreCard>
            {!isOwner && (
              <Text size="sm" c="dimmed">
                Only the store owner can save changes.
              </Text>
            )}
            <Group justify="space-between">
              <Button color="red" variant="outline" onClick={remove} loading={busy === 'delete'}>
                Delete store
              </Button>
              {isOwner && (
                <Button type="submit" loading={busy === 'save'}>
                  Save
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </FormProvider>
      {isOwner && <KioskPinCard storeId={store.id} />}
      {isOwner && <TextSettingsCard storeId={store.id} />}
      {isOwner && (
        <Suspense fallback={null}>
          <CardPolicyCard storeId={store.id} />
        </Suspense>
      )}
      {isOwner && <FranchiseManagersCard storeId={store.id} />}
    </StorePage>
  );
}

/** /stores/edit/{permalink}: store settings, hours, time zone and switches; Delete for all, Save for the owner. */
export default function StoreSettingsPage() {
  const { permalink = '' } = useParams();
  const userId = useSession((s) => s.user_id);
  // Once deleted, the store is gone from every lookup: stop asking for it and show the result.
  const [deleted, setDeleted] = useState(false);
  const store = useQuery({ queryKey: storeKeys.byPermalink(permalink), queryFn: () => fetchStoreByPermalink(permalink), enabled: !deleted });
  if (deleted) return <ResultCard title="Deleted!" message="The store was deleted." doneTo="/stores" />;
  if (store.isPending) return <LoadingState label="Loading the store…" />;
  if (store.isError) {
    if (isNotAvailable(store.error) && (store.error as { status?: number }).status !== 404) return <NotAvailable what="Store settings" onRetry={() => store.refetch()} />;
    return (
      <StorePage title="Store settings" back={{ to: '/stores', label: 'My Stores' }}>
        <ErrorState message={store.error.message} onRetry={() => store.refetch()} />
      </StorePage>
    );
  }
  if (!store.data)
    return (
      <StorePage title="Store settings" back={{ to: '/stores', label: 'My Stores' }}>
        <EmptyState>No store</EmptyState>
      </StorePage>
    );
  return (
    <StoreSettingsForm
      key={store.data.id}
      store={store.data}
      isOwner={Boolean(userId) && String(store.data.ownerId) === userId}
      onDeleted={() => setDeleted(true)}
    />
  );
}
