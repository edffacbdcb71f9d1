/// <reference path="../types/assets.d.ts" />
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications outlet with its styles, in a chunk of its own (see notify). */
export default function NotificationsOutlet() {
  return <Notifications position="top-center" />;
}
