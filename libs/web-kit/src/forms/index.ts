// @turnbook/web-kit/forms: react-hook-form + zod + Mantine fields.
export { useZodForm, lazyZodResolver } from './use-zod-form';
export { newPasswordSchema } from './new-password';
export { TextField, PasswordField, TextareaField } from './fields';
export { SelectField } from './select-field';
export { PhoneField } from './phone-field';
export { FormProvider, useFormContext, useWatch } from 'react-hook-form';
