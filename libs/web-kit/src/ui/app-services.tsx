// Every screen inside the services (the modules, the logged-in frame) may use any Mantine component.
import '@mantine/core/styles.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { dialogsWanted, onDialogsWanted } from '@turnbook/web-kit';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { notificationsWanted, onNotificationsWanted } from '../notify/notify';

// Loaded with the first notify(): no page shows one on arrival, so none pays for it up front (~10 KB gzip).
const NotificationsOutlet = lazy(() => import(/* webpackChunkName: "notifications" */ './notifications-outlet'));
// Loaded with the first dialog, for the same reason (Modal and its helpers, ~18 KB gzip). Not through
// Suspense, whose reveal React throttles (a few hundred ms before the first dialog shows).
const loadDialogsOutlet = () => import(/* webpackChunkName: "dialogs" */ './dialogs-outlet').then((m) => m.default);

function useDialogsOutlet(): ComponentType | null {
  const wanted = useSyncExternalStore(onDialogsWanted, dialogsWanted, dialogsWanted);
  const [outlet, setOutlet] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || outlet) return;
    let live = true;
    void loadDialogsOutlet().then((o) => live && setOutlet(() => o));
    return () => {
      live = false;
    };
  }, [wanted, outlet]);
  return outlet;
}

/**
 * Dialogs (confirm, alert), notifications and TanStack Query, inside UiProviders. Separate so the shell can
 * load them after the login and register pages, which use none of them.
 */
export function AppServices({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const notifications = useSyncExternalStore(onNotificationsWanted, notificationsWanted, notificationsWanted);
  const DialogsOutlet = useDialogsOutlet();
  return (
    <QueryClientProvider client={queryClient}>
      {notifications && (
        <Suspense fallback={null}>
          <NotificationsOutlet />
        </Suspense>
      )}
      {DialogsOutlet && <DialogsOutlet />}
      {children}
    </QueryClientProvider>
  );
}
