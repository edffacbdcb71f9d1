// Every screen inside the services (the modules, the logged-in frame) may use any Mantine component.
import '@mantine/core/styles.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { dialogsWanted, onDialogsWanted } from '@turnbook/web-kit';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { notificationsWanted, onNotificationsWanted } from '../notify/notify';

// Loaded with the first notify(): no page shows one on arrival, so none pays for it up front (~10 KB gzip).
const NotificationsOutlet = lazy(() => import(/* webpackChunkName: "notifications" */ './notifications-outlet'));
// Loaded with the first dialog, for the same reason (Modal and its helpers, ~18 KB gzip).
const DialogsOutlet = lazy(() => import(/* webpackChunkName: "dialogs" */ './dialogs-outlet'));

/**
 * Dialogs (confirm, alert), notifications and TanStack Query, inside UiProviders. Separate so the shell can
 * load them after the login and register pages, which use none of them.
 */
export function AppServices({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const notifications = useSyncExternalStore(onNotificationsWanted, notificationsWanted, notificationsWanted);
  const dialogs = useSyncExternalStore(onDialogsWanted, dialogsWanted, dialogsWanted);
  return (
    <QueryClientProvider client={queryClient}>
      {notifications && (
        <Suspense fallback={null}>
          <NotificationsOutlet />
        </Suspense>
      )}
      {dialogs && (
        <Suspense fallback={null}>
          <DialogsOutlet />
        </Suspense>
      )}
      {children}
    </QueryClientProvider>
  );
}
