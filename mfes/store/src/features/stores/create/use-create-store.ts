import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { storeKeys } from '../store-api';
import { closedHoursState, defaultTimeZone, invalidDays, stateToHours, type HoursState } from '../store-model';
import { addressPayload, createStoreSchema, type CreateStoreValues } from '../store-schema';
import { EMPTY, PAGE_OF, PAGES, REQUIRED, type Page } from './create-store-model';

/** The create wizard's state: one form over its pages, the hours and time zone beside it, and Submit. */
export function useCreateStore(initialName: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(createStoreSchema, { defaultValues: { ...EMPTY, name: initialName } });
  const [page, setPage] = useState<Page>(initialName.trim() ? 2 : 0);
  const [hours, setHours] = useState<HoursState>(closedHoursState);
  const [timezone, setTimezone] = useState<string>(defaultTimeZone);
  const [error, setError] = useState<string | null>(null);
  // A solo owner is bookable on their own calendar at once (no invitation to oneself).
  const [takesAppointments, setTakesAppointments] = useState(false);
  const values = useWatch({ control: form.control }) as CreateStoreValues;

  const index = PAGES.indexOf(page);
  const canNext = REQUIRED[page].every((f) => String(values[f] ?? '').trim() !== '') && (page !== 4 || invalidDays(hours).length === 0);
  const back = index > 0 ? () => setPage(PAGES[index - 1]) : undefined;
  const next = async () => {
    if (REQUIRED[page].length && !(await form.trigger(REQUIRED[page]))) return;
    setPage(PAGES[index + 1]);
  };

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('POST store', {
        ...addressPayload(v),
        hours: stateToHours(hours),
        username: v.username.trim().toLowerCase(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        timezone,
        ...(takesAppointments ? { ownerTakesAppointments: true } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      navigate('/stores');
    } catch (e) {
      if (isApiError(e) && e.field && PAGE_OF[e.field] !== undefined) {
        const field = e.field === 'hours' || e.field === 'timezone' ? null : (e.field as keyof CreateStoreValues);
        if (field) form.setError(field, { type: 'server', message: e.status === 409 && field === 'username' ? 'This username is already taken' : e.message });
        else setError(e.message);
        setPage(PAGE_OF[e.field]);
      } else if (isApiError(e) && e.status === 409) {
        form.setError('username', { type: 'server', message: 'This username is already taken' });
        setPage(6);
      } else {
        setError(isApiError(e) ? e.message : 'The store could not be created. Please try again.');
      }
    }
  });

  return { form, page, index, hours, setHours, timezone, setTimezone, error, takesAppointments, setTakesAppointments, canNext, back, next, submit };
}
