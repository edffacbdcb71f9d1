import { PasswordField } from './fields';

interface NewPasswordFieldsProps {
  /** The form's field names; each page keeps its own (the API's names differ). */
  name?: string;
  confirmName?: string;
  label?: string;
  confirmLabel?: string;
  /** Prerendered pages keep the fields read-only until hydrated. */
  readOnly?: boolean;
}

/**
 * A password being set and its confirmation, as every such form shows them: visible labels, required, and
 * `new-password` so a password manager offers to generate one. The rules are the page's schema's
 * (`newPasswordSchema` and `confirmedPassword`).
 */
export function NewPasswordFields({ name = 'password', confirmName = 'password_confirmation', label = 'Password', confirmLabel = 'Confirm password', readOnly }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField name={name} label={label} autoComplete="new-password" required readOnly={readOnly} />
      <PasswordField name={confirmName} label={confirmLabel} autoComplete="new-password" required readOnly={readOnly} />
    </>
  );
}
