import { AppServices, createQueryClient } from '@turnbook/web-kit/ui';
import type { ReactNode } from 'react';

// One query client for the page, whichever route mounts the services first.
const queryClient = createQueryClient();

/** Dialogs, notifications and server state, loaded with the first route that needs them. */
export default function WithAppServices({ children }: { children: ReactNode }) {
  return <AppServices queryClient={queryClient}>{children}</AppServices>;
}
