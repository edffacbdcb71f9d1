import { ModalsProvider } from '@mantine/modals';
import { dialogsMounted } from '@turnbook/web-kit';
import { useEffect } from 'react';

/** Mantine's modals provider, mounted with the first dialog (dialogs-wanted in web-kit's core). */
export default function DialogsOutlet() {
  // Runs after the provider's own effects, which attach the listeners that open the dialogs.
  useEffect(() => dialogsMounted(), []);
  return <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ closeButtonProps: { 'aria-label': 'Dismiss' } }} />;
}
