import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { useZodForm } from '@turnbook/web-kit/forms';
import { confirm } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { storeKeys } from '../store-api';
import { hoursToState, invalidDays, stateToHours, type HoursState, type Store, type StoreSettings } from '../store-model';
import { addressPayload, DELETE_STORE_QUESTION, editStoreSchema, UPDATE_STORE_QUESTION, type EditStoreValues } from '../store-schema';

const FORM_FIELDS = ['name', 'street', 'address2', 'city', 'state', 'zip', 'email', 'phone', 'username', 'timezone'];

/** The settings form, the hours and switches beside it, and Save and Delete with their answers. */
export function useStoreSettings(store: Store, onDeleted: () => void) {
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

  const linkChanged = (permalink: string) => setResult({ kind: 'link', permalink });
  return { form, hours, setHours, settings, setSettings, result, error, busy, save, remove, linkChanged };
}
