import { Alert, Anchor, Avatar, Button, ColorInput, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone, isTenDigitPhone, digitsOnly } from '@turnbook/domain/phone/phone';
import { LOOSE_EMAIL, normalizeEmail } from '@turnbook/domain/text/text';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import { api, isApiError, isNotAvailable, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, PhoneField, TextField, useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ResultCard, StoreCard, StorePage } from '../page-frame/store-page';
import {
  colorHex,
  DEFAULT_AVATAR,
  fetchUser,
  ORIENTATIONS,
  UPDATE_USER_QUESTION,
  UPDATED_DELAY_MS,
  uploadProfilePicture,
  userKeys,
  type Orientation,
  type User,
} from './account-model';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your email';

/** The form's rules; a changed email (compared as the server normalises it) needs the current password. */
export const accountSchemaFor = (currentEmail: string) =>
  z
    .object({
      fname: z.string().trim().min(1, 'Please enter your first name'),
      lname: z.string().trim().min(1, 'Please enter your last name'),
      email: z.string().trim().regex(LOOSE_EMAIL, 'Please enter a valid email address'),
      currentPassword: z.string(),
      phone: z.string().refine(isTenDigitPhone, 'Please enter a 10-digit phone number'),
      color: z.string().trim().regex(/^#?[0-9a-fA-F]{6}$/, 'Please choose a colour'),
    })
    .refine((v) => normalizeEmail(v.email) === normalizeEmail(currentEmail) || v.currentPassword.length > 0, {
      path: ['currentPassword'],
      message: CURRENT_PASSWORD_FOR_EMAIL,
    });
type Values = z.input<ReturnType<typeof accountSchemaFor>>;

const MAX_BYTES = 5 * 1024 * 1024;

function AccountForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useZodForm(accountSchemaFor(user.email), {
    defaultValues: { fname: user.fname, lname: user.lname, email: user.email, currentPassword: '', phone: formatPhone(user.phone), color: colorHex(user.color) },
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' }) ?? user.email;
  const emailChanged = normalizeEmail(typedEmail) !== normalizeEmail(user.email);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [orientation, setOrientation] = useState<Orientation>(0);
  const [phase, setPhase] = useState<'form' | 'saving' | 'saved' | 'done'>('form');
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // The spec switches to the confirmation one second after the update.
  useEffect(() => {
    if (phase !== 'saved') return undefined;
    const t = setTimeout(() => setPhase('done'), UPDATED_DELAY_MS);
    return () => clearTimeout(t);
  }, [phase]);

  const choose = (f: File | null) => {
    setPhotoError(null);
    if (f && !f.type.startsWith('image/')) return setPhotoError('Please choose an image');
    if (f && f.size > MAX_BYTES) return setPhotoError('The picture is larger than 5 MB');
    setFile(f);
    setOrientation(0);
  };
  const rotate = () => setOrientation((o) => ORIENTATIONS[(ORIENTATIONS.indexOf(o) + 1) % ORIENTATIONS.length]);

  const save = form.handleSubmit(async (v) => {
    setError(null);
    if (!(await confirm(UPDATE_USER_QUESTION))) return;
    setPhase('saving');
    try {
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
      if (isApiError(e) && e.field === 'photo') setPhotoError(e.message);
      else if (isApiError(e) && e.field && ['fname', 'lname', 'email', 'currentPassword', 'phone', 'color'].includes(e.field)) form.setError(e.field as keyof Values, { type: 'server', message: e.message });
      else setError(isApiError(e) ? e.message : 'Your account could not be updated.');
    }
  });

  if (phase === 'done')
    return (
      <ResultCard
        title="Updated!"
        message={pendingEmail ? `${MESSAGES.emailChangePending} (${pendingEmail})` : 'Your account was updated.'}
        doneTo={`/user/${user.id}`}
      />
    );
  const shown = preview ?? user.profile_image ?? DEFAULT_AVATAR;
  return (
    <StorePage title="Account Settings" back={{ to: `/user/${user.id}`, label: 'My Account' }}>
      <StoreCard label="Account Settings">
        <FormProvider {...form}>
          <form onSubmit={save} noValidate aria-label="Account Settings">
            <Stack>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              {phase === 'saved' && (
                <Alert color="green" role="status">
                  Saved.
                </Alert>
              )}
              <Stack align="center" gap="xs">
                <Avatar
                  src={shown}
                  alt={preview ? 'Preview of the new picture' : 'Current picture'}
                  size={120}
                  radius={120}
                  style={{ transform: preview ? `rotate(${orientation}deg)` : undefined, transition: 'transform 150ms' }}
                />
                <Group gap="xs" justify="center">
                  <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp,image/gif">
                    {(props) => (
                      <Button variant="light" size="xs" {...props}>
                        Change avatar
                      </Button>
                    )}
                  </FileButton>
                  {preview && (
                    <Button variant="default" size="xs" onClick={rotate} aria-label={`Rotate 90 degrees (now ${orientation})`}>
                      ⟳ Rotate
                    </Button>
                  )}
                </Group>
                {preview && (
                  <Text size="xs" c="dimmed" aria-live="polite">
                    Rotation: {orientation}°
                  </Text>
                )}
                {photoError && (
                  <Text size="sm" c="red" role="alert">
                    {photoError}
                  </Text>
                )}
              </Stack>
              <TextField name="fname" label="First name" autoComplete="given-name" required />
              <TextField name="lname" label="Last name" autoComplete="family-name" required />
              <TextField name="email" label="Email" type="email" autoComplete="email" required />
              {emailChanged && (
                <PasswordField
                  name="currentPassword"
                  label="Current password"
                  description="Needed to change your email. We send a link to the new address; the change happens when you open it."
                  autoComplete="current-password"
                  required
                />
              )}
              <PhoneField name="phone" label="Phone" required />
              <Controller
                control={form.control}
                name="color"
                render={({ field, fieldState }) => (
                  <ColorInput label="Colour" format="hex" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} swatches={['#00bcd4', '#e91e63', '#9c27b0', '#3f51b5', '#4caf50', '#ff9800', '#795548', '#607d8b']} />
                )}
              />
              <Anchor component={Link} to={`/users/security/${user.id}`} size="sm">
                Change password
              </Anchor>
              <Group justify="flex-end">
                <Button type="submit" loading={phase === 'saving' || phase === 'saved'}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      </StoreCard>
    </StorePage>
  );
}

/** /users/edit/{id}: 'Account Settings' (docs/product/README.md). */
export default function AccountEditPage() {
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: userKeys.one(id), queryFn: () => fetchUser(id) });
  if (user.isPending) return <LoadingState label="Loading your account…" />;
  if (user.isError) {
    const status = (user.error as { status?: number }).status;
    if (isNotAvailable(user.error) && status !== 404) return <NotAvailable what="Account Settings" onRetry={() => user.refetch()} />;
    return (
      <StorePage title="Account Settings">
        <ErrorState message={user.error.message} onRetry={() => user.refetch()} />
      </StorePage>
    );
  }
  if (!user.data)
    return (
      <StorePage title="Account Settings">
        <EmptyState>No user</EmptyState>
      </StorePage>
    );
  return <AccountForm key={user.data.id} user={user.data} />;
}
