import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useZodForm } from '@turnbook/web-kit/forms';
import { confirm } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { DELETE_SERVICE_QUESTION, hex, priceOf, serviceKeys, UPDATE_SERVICE_QUESTION, type Service } from '../service-model';
import { SERVICE_EDIT_FIELDS, serviceEditSchema, type ServiceEditValues } from './service-edit-schema';

/** The service settings' form with Save and Delete (each asked first) and their answers. */
export function useServiceEdit(service: Service, onDeleted: () => void) {
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
      if (isApiError(e) && e.field && SERVICE_EDIT_FIELDS.includes(e.field)) form.setError(e.field as keyof ServiceEditValues, { type: 'server', message: e.message });
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

  return { form, result, error, busy, save, remove };
}
