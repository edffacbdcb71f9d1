// @turnbook/web-kit/forms: react-hook-form + zod + Mantine fields.
export { useZodForm, lazyZodResolver } from './use-zod-form';
export { newPasswordSchema, confirmedPassword } from './new-password';
export { NewPasswordFields } from './new-password-fields';
export { FormError } from './form-error';
export { TextField, PasswordField, TextareaField } from './fields';
export { SelectField } from './select-field';
export { PhoneField } from './phone-field';
export { FormProvider, useFormContext, useWatch } from 'react-hook-form';
