/// <reference path="../types/assets.d.ts" />
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Dialogs (confirm, alert), notifications and TanStack Query, inside UiProviders. Separate so the shell can
 * load them after the login and register pages, which use none of them.
 */
export function AppServices({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ closeButtonProps: { 'aria-label': 'Dismiss' } }}>
        <Notifications position="top-center" />
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  );
}
