import { Alert, Anchor, Button, ColorInput, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import { normalizeEmail } from '@turnbook/domain/text/text';
import { FormProvider, PasswordField, PhoneField, TextField, useWatch, FormError } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ResultCard, StoreCard, StorePage } from '../../page-frame/store-page';
import { DEFAULT_AVATAR, type User } from '../account-model';
import { AvatarPicker } from './avatar-picker';
import { useAccountSave } from './use-account-save';
import { useAvatarChoice } from './use-avatar-choice';

const SWATCHES = ['#00bcd4', '#e91e63', '#9c27b0', '#3f51b5', '#4caf50', '#ff9800', '#795548', '#607d8b'];

/** 'Account Settings' of one user: picture, name, email (the current password when it changes), phone, colour. */
export function AccountForm({ user }: { user: User }) {
  const avatar = useAvatarChoice();
  const { form, phase, error, pendingEmail, save } = useAccountSave(user, avatar);
  const typedEmail = useWatch({ control: form.control, name: 'email' }) ?? user.email;
  const emailChanged = normalizeEmail(typedEmail) !== normalizeEmail(user.email);

  if (phase === 'done')
    return (
      <ResultCard
        title="Updated!"
        message={pendingEmail ? `${MESSAGES.emailChangePending} (${pendingEmail})` : 'Your account was updated.'}
        doneTo={`/user/${user.id}`}
      />
    );
  return (
    <StorePage title="Account Settings" back={{ to: `/user/${user.id}`, label: 'My Account' }}>
      <StoreCard label="Account Settings">
        <FormProvider {...form}>
          <form onSubmit={save} noValidate aria-label="Account Settings">
            <Stack>
              <FormError>{error}</FormError>
              {phase === 'saved' && (
                <Alert color="green" role="status">
                  Saved.
                </Alert>
              )}
              <AvatarPicker current={user.profile_image ?? DEFAULT_AVATAR} choice={avatar} />
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
                  <ColorInput label="Colour" format="hex" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} swatches={SWATCHES} />
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
