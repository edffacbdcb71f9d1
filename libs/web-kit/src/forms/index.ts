// @turnbook/web-kit/forms: react-hook-form + zod + Mantine fields.
export { useZodForm } from './use-zod-form';
export { TextField, PasswordField, TextareaField, SelectField, PhoneField } from './fields';
export { FormProvider, useFormContext, useWatch } from 'react-hook-form';
