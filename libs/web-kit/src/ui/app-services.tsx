import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { notificationsWanted, onNotificationsWanted } from '../notify/notify';

// Loaded with the first notify(): no page shows one on arrival, so none pays for it up front (~10 KB gzip).
const NotificationsOutlet = lazy(() => import(/* webpackChunkName: "notifications" */ './notifications-outlet'));

/**
 * Dialogs (confirm, alert), notifications and TanStack Query, inside UiProviders. Separate so the shell can
 * load them after the login and register pages, which use none of them.
 */
export function AppServices({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const notifications = useSyncExternalStore(onNotificationsWanted, notificationsWanted, notificationsWanted);
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ closeButtonProps: { 'aria-label': 'Dismiss' } }}>
        {notifications && (
          <Suspense fallback={null}>
            <NotificationsOutlet />
          </Suspense>
        )}
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  );
}
