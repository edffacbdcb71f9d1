import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppServices } from './app-services';
import { createQueryClient } from './query-client';
import { UiProviders } from './ui-providers';

/**
 * Mantine (theme, modals, notifications) and TanStack Query for everything below, in one piece (tests, a
 * standalone page). Remotes render inside the shell's and must not mount their own.
 */
export function AppProviders({ children, queryClient, env }: { children: ReactNode; queryClient?: QueryClient; env?: 'default' | 'test' }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <UiProviders env={env}>
      <AppServices queryClient={client}>{children}</AppServices>
    </UiProviders>
  );
}
