import { Stack } from '@mantine/core';
import { PasswordField, PhoneField, TextField } from '@turnbook/web-kit/forms';

/**
 * The booking signup's fields inside a FormProvider: email, password (its show toggle reachable by keyboard),
 * first and last name, phone shown (xxx) xxx-xxxx while typing. An invalid field gets its message and red border.
 */
export function AccountFields() {
  return (
    <Stack gap="sm">
      <TextField name="email" label="Email" type="email" autoComplete="email" autoCapitalize="none" required />
      <PasswordField
        name="password"
        label="Password"
        autoComplete="new-password"
        required
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      />
      <TextField name="fname" label="First name" autoComplete="given-name" required />
      <TextField name="lname" label="Last name" autoComplete="family-name" required />
      <PhoneField name="phone" label="Phone" required />
    </Stack>
  );
}
