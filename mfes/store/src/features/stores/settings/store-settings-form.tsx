import { Button, Group, Stack, Text } from '@mantine/core';
import { FormProvider, PhoneField, TextField, FormError } from '@turnbook/web-kit/forms';
import { lazy, Suspense } from 'react';
import { ResultCard, StoreCard, StorePage } from '../../page-frame/store-page';
import { AddressFields } from '../address-fields';
import { FranchiseManagersCard } from '../franchise-managers-card';
import { KioskPinCard } from '../kiosk-pin-card';
import type { Store } from '../store-model';
import { TextSettingsCard } from '../text-settings-card';
import { BookingLinkCard } from './booking-link-card';
import { BusinessHoursCard } from './business-hours-card';
import { StoreSwitchesCard } from './store-switches-card';
import { useStoreSettings } from './use-store-settings';

// Its own chunk: /stores shares this page's code, and the card policy is read by the owner on this page only.
const CardPolicyCard = lazy(() => import(/* webpackChunkName: "store-card-policy" */ '../card-policy-card'));

/** The settings of one store: the form (Save for the owner, Delete for all), then the owner's other cards. */
export function StoreSettingsForm({ store, isOwner, onDeleted }: { store: Store; isOwner: boolean; onDeleted: () => void }) {
  const { form, hours, setHours, settings, setSettings, result, error, busy, save, remove, linkChanged } = useStoreSettings(store, onDeleted);

  if (result?.kind === 'updated') return <ResultCard title="Updated!" message="The store settings were saved." doneTo={`/store/${result.permalink}`} />;
  if (result?.kind === 'link')
    return <ResultCard title="Updated!" message={`The booking link is now /booking/${result.permalink}. Old links keep working.`} doneTo={`/store/${result.permalink}`} />;

  return (
    <StorePage title="Store settings" size="md" back={{ to: `/store/${store.permalink}`, label: 'Store Details' }}>
      <FormProvider {...form}>
        <form onSubmit={save} noValidate aria-label="Store settings">
          <Stack>
            <FormError>{error}</FormError>
            <StoreCard label="Business">
              <Stack>
                <TextField name="name" label="Name" required />
                <AddressFields />
                <TextField name="email" label="Email" type="email" autoCapitalize="none" required />
                <PhoneField name="phone" label="Phone number" required />
                <TextField name="username" label="Username" autoCapitalize="none" autoComplete="off" required />
              </Stack>
            </StoreCard>
            <BookingLinkCard store={store} isOwner={isOwner} name={form.getValues('name')} onChanged={linkChanged} />
            <BusinessHoursCard hours={hours} onHoursChange={setHours} />
            <StoreSwitchesCard settings={settings} onChange={setSettings} />
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
