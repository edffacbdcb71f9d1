import { Modal } from '@mantine/core';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useEffect, useState } from 'react';

// The lists load only when opened.
const RequestsList = lazy(() => import('./requests-list'));
const ActivitiesList = lazy(() => import('./activities-list'));

export type ActivityDialogName = 'requests' | 'activities';

export interface ActivityDialogProps {
  store: StoreView;
  open: ActivityDialogName | null;
  onClose: () => void;
  onOpenAppointment: (id: number) => void;
}

/**
 * The bell's requests and the store's activities, each in a Modal. Its own chunk, mounted on the first
 * opening: Mantine's Modal (with its scroll lock) is not on the calendar's first load.
 */
export default function ActivityDialog({ store, open, onClose, onOpenAppointment }: ActivityDialogProps) {
  // Mounted closed, then opened: the first opening fades in like the later ones.
  const [shown, setShown] = useState<ActivityDialogName | null>(null);
  useEffect(() => setShown(open), [open]);
  return (
    <>
      <Modal opened={shown === 'requests'} onClose={onClose} title="Online requests" size="lg">
        <Suspense fallback={<LoadingState />}>{shown === 'requests' && <RequestsList store={store} onOpenAppointment={onOpenAppointment} />}</Suspense>
      </Modal>
      <Modal opened={shown === 'activities'} onClose={onClose} title="Store activities" size="lg">
        <Suspense fallback={<LoadingState />}>{shown === 'activities' && <ActivitiesList store={store} onOpenAppointment={onOpenAppointment} />}</Suspense>
      </Modal>
    </>
  );
}
