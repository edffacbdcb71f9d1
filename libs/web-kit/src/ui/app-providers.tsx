/// <reference path="../types/assets.d.ts" />
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine (theme, modals, notifications) and TanStack Query for everything below. The shell mounts it once;
 * remotes render inside it and must not mount their own (the kiosk's standalone build does).
 */
export function AppProviders({ children, queryClient, env }: { children: ReactNode; queryClient?: QueryClient; env?: 'default' | 'test' }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={client}>
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ closeButtonProps: { 'aria-label': 'Close' } }}>
          <Notifications position="top-center" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
