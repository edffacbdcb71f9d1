import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useZodForm } from '@turnbook/web-kit/forms';
import { confirm } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { z } from 'zod';
import { PIN_MISMATCH } from '../add-staff-schemas';
import type { Employee } from '../model';

const pinChangeSchema = z
  .object({
    oldPIN: z.string().trim(),
    newPIN: z.string().trim().regex(/^\d{4,8}$/, 'The PIN must be 4 to 8 digits'),
    confirmPIN: z.string().trim(),
  })
  .refine((v) => v.newPIN === v.confirmPIN, { message: PIN_MISMATCH, path: ['confirmPIN'] });
export type PinChange = z.infer<typeof pinChangeSchema>;

export type DoneWord = 'Updated!' | 'Removed!';

/** Staff settings' three actions (role and booking, PIN, archive), each asked first; one runs at a time. */
export function useStaffSettings(employee: Employee, onDone: (word: DoneWord) => void) {
  const qc = useQueryClient();
  const [role, setRole] = useState<Employee['role']>(employee.role);
  const [online, setOnline] = useState<Employee['online_booking']>(employee.online_booking);
  // The owner may set a new PIN without the old one (a forgotten PIN); otherwise the old PIN is asked.
  const [resetting, setResetting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pinForm = useZodForm(pinChangeSchema, { defaultValues: { oldPIN: '', newPIN: '', confirmPIN: '' } });

  const refresh = () => qc.invalidateQueries({ queryKey: ['staff'] });

  const saveSettings = async () => {
    if (!(await confirm('Do you want to update this Staff?'))) return;
    setBusy('save');
    setError(null);
    try {
      if (role !== employee.role) await api.post('POST updateEmployeeRole/{id}', { role }, { id: employee.id });
      if (online !== employee.online_booking) await api.post('POST updateEmployeeOnlineBooking/{id}', { online_booking: online }, { id: employee.id });
      await refresh();
      onDone('Updated!');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const savePin = async (v: PinChange) => {
    if (!(await confirm('Do you want to update this Staff?'))) return;
    setBusy('pin');
    setError(null);
    try {
      // A reset sends the new PIN alone: the server lets the store owner replace a PIN without the old one.
      const body = employee.hasPIN && !resetting ? { oldPIN: v.oldPIN, newPIN: v.newPIN, storeId: employee.storeId } : { newPIN: v.newPIN, storeId: employee.storeId };
      await api.post('POST updateEmployeePIN/{id}', body, { id: employee.id });
      await refresh();
      onDone('Updated!');
    } catch (e) {
      if (isApiError(e) && e.field && ['oldPIN', 'newPIN'].includes(e.field)) pinForm.setError(e.field as 'oldPIN' | 'newPIN', { type: 'server', message: e.message });
      else setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const toggleResetting = () => {
    setResetting((r) => !r);
    pinForm.reset({ oldPIN: '', newPIN: '', confirmPIN: '' });
  };

  const archive = async () => {
    if (!(await confirm('Do you want to delete this staff?', { danger: true }))) return;
    setBusy('archive');
    setError(null);
    try {
      await api.get('GET removeEmployee/{id}', { id: employee.id });
      await refresh();
      onDone('Removed!');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return { role, setRole, online, setOnline, resetting, toggleResetting, busy, error, pinForm, saveSettings, savePin, archive };
}

export type StaffSettingsState = ReturnType<typeof useStaffSettings>;
