import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's answer from the server (or its own refusal), above its fields; nothing when there is none. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" role="alert">
      {children}
    </Alert>
  );
}
