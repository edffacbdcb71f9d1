import type { NotificationData } from '@mantine/notifications';

// Notifications are rare (an admin saving a setting), so their code is not part of the first load: the
// shell mounts Mantine's outlet the first time something is to be shown. Lives in web-kit's core, which is
// one instance per page, so a module's call reaches the shell's outlet.
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a notification (Mantine's), loading the notifications code on first use. */
export async function notify(data: NotificationData): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  const { notifications } = await import('@mantine/notifications');
  // Shown even if the outlet mounts after this: it renders what the (shared) store already holds.
  // Mantine greys a titled notification's message (about 3.3:1 on white); ours say what went wrong, so they
  // keep the text colour (WCAG AA 4.5:1).
  notifications.show({ ...data, styles: { description: { color: 'var(--mantine-color-text)' }, ...data.styles } });
}

/** For the outlet: whether anything asked for a notification yet, and a way to hear when it does. */
export const notificationsWanted = () => wanted;
export function onNotificationsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
