import { useQueryClient } from '@tanstack/react-query';
import { digitsOnly, formatPhone } from '@turnbook/domain/phone/phone';
import { normalizeEmail } from '@turnbook/domain/text/text';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { useZodForm } from '@turnbook/web-kit/forms';
import { confirm } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { colorHex, UPDATE_USER_QUESTION, UPDATED_DELAY_MS, uploadProfilePicture, userKeys, type User } from '../account-model';
import { ACCOUNT_FIELDS, accountSchemaFor, type AccountValues } from './account-schema';
import type { AvatarChoice } from './use-avatar-choice';

/** The account form and Save (asked first): the new picture, then the account; 'saved', then 'done' a second later. */
export function useAccountSave(user: User, avatar: AvatarChoice) {
  const queryClient = useQueryClient();
  const form = useZodForm(accountSchemaFor(user.email), {
    defaultValues: { fname: user.fname, lname: user.lname, email: user.email, currentPassword: '', phone: formatPhone(user.phone), color: colorHex(user.color) },
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'saving' | 'saved' | 'done'>('form');
  const [error, setError] = useState<string | null>(null);

  // The spec switches to the confirmation one second after the update.
  useEffect(() => {
    if (phase !== 'saved') return undefined;
    const t = setTimeout(() => setPhase('done'), UPDATED_DELAY_MS);
    return () => clearTimeout(t);
  }, [phase]);

  const save = form.handleSubmit(async (v) => {
    setError(null);
    if (!(await confirm(UPDATE_USER_QUESTION))) return;
    setPhase('saving');
    try {
      const { file, orientation } = avatar;
      if (file) {
        const up = await uploadProfilePicture(user.id, orientation, file, file.name);
        if (up?.profile_image && useSession.getState().user_id === String(user.id)) useSession.getState().setSession({ profile_image: up.profile_image });
      }
      const changing = normalizeEmail(v.email) !== normalizeEmail(user.email);
      const answer = await api.patch(
        'PATCH user/{id}',
        {
          fname: v.fname.trim().toLowerCase(),
          lname: v.lname.trim().toLowerCase(),
          email: changing ? normalizeEmail(v.email) : user.email.trim().toLowerCase(),
          ...(changing ? { currentPassword: v.currentPassword } : {}),
          phone: digitsOnly(v.phone),
          color: v.color.toLowerCase(),
        },
        { id: user.id },
      );
      if (answer?.emailChangePending) setPendingEmail(normalizeEmail(v.email));
      if (useSession.getState().user_id === String(user.id)) useSession.getState().setSession({ user_fname: v.fname.trim().toLowerCase() });
      await queryClient.invalidateQueries({ queryKey: userKeys.one(user.id) });
      setPhase('saved');
    } catch (e) {
      setPhase('form');
      if (isApiError(e) && e.field === 'photo') avatar.setPhotoError(e.message);
      else if (isApiError(e) && e.field && ACCOUNT_FIELDS.includes(e.field)) form.setError(e.field as keyof AccountValues, { type: 'server', message: e.message });
      else setError(isApiError(e) ? e.message : 'Your account could not be updated.');
    }
  });

  return { form, phase, error, pendingEmail, save };
}
