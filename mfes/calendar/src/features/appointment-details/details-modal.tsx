import { Modal, Text } from '@mantine/core';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TextCenter } from '../texts/text-center';
import { CheckInForm } from './check-in-form';
import { CheckoutForm } from './checkout-form';
import { useAppointment } from './details-data';
import { DetailsView } from './details-view';
import { DeleteChoices } from './delete-choices';
import { EditForm } from './edit-form';
import { HistoryList } from './history-list';
import type { AppointmentDetailsProps } from './props';
import { useDetailsWrites, type DetailsView as View } from './use-details-writes';

const CustomerDetails = lazy(() => import(/* webpackChunkName: "calendar-customer-details" */ '../customer-details/customer-details-modal'));

const TITLES: Record<Exclude<View, 'customer'>, string> = {
  details: 'Appointment details',
  edit: 'Edit appointment',
  delete: 'Delete appointment',
  checkout: 'Check Out',
  history: 'History',
  checkIn: 'Check in',
  texts: 'Text Center',
};

/**
 * The appointment details modal: what the appointment is, as the caller may see it, and every action on it
 * (docs/decisions.md "Appointment details").
 */
export default function DetailsModal({ store, appointmentId, onClose, onRebook, appointment: fromGrid }: AppointmentDetailsProps & { appointmentId: number }) {
  const access = useStoreAccess(store.id);
  const canAct = access.can('storeNotLimited');
  const canDelete = access.can('storeManager');
  const query = useAppointment(store.id, appointmentId, !access.loading && canAct);
  const a = canAct ? query.data : (fromGrid ?? null);
  const [view, setView] = useState<View>('details');
  const writes = useDetailsWrites({ store, appointmentId, onClose, onRebook, setView });
  const details = () => setView('details');

  let body: ReactNode;
  if (access.loading || (canAct && query.isPending)) body = <LoadingState label="Loading the appointment…" />;
  else if (!canAct && !a) body = <Text>Limited staff can't open appointments. Ask an admin or the owner to change it.</Text>;
  else if (query.isError) body = <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  else if (!a) body = <Text>This appointment no longer exists.</Text>;
  else if (view === 'edit') body = <EditForm store={store} appointment={a} userId={access.userId} onDone={(r) => writes.written(r)} onBack={details} />;
  else if (view === 'delete')
    body = <DeleteChoices appointment={a} access={{ canAct, canDelete }} cancelAndText={store.settings.cancelAndText} busy={writes.busy} onChoose={(choice) => writes.remove(choice, a)} onBack={details} />;
  else if (view === 'texts') body = <TextCenter store={store} appointment={a} onBack={details} />;
  else if (view === 'checkout') body = <CheckoutForm appointment={a} onDone={(r) => writes.written(r)} onBack={details} />;
  else if (view === 'history') body = <HistoryList storeId={store.id} timezone={store.timezone} appointmentId={a.id} onBack={details} />;
  else if (view === 'checkIn' && a.sheetId != null) body = <CheckInForm store={store} sheetId={a.sheetId} onDone={() => writes.written(null)} onBack={details} />;
  else
    body = (
      <DetailsView
        store={store}
        a={a}
        access={{ canAct, canDelete }}
        isOwner={access.can('storeOwner')}
        answer={writes.answer}
        failure={writes.failure}
        busy={writes.busy}
        onAct={(action) => writes.act(action, a)}
        onView={setView}
      />
    );

  return (
    <>
      <Modal opened={view !== 'customer'} onClose={onClose} title={TITLES[view === 'customer' ? 'details' : view]} size="lg" centered>
        {body}
      </Modal>
      {view === 'customer' && a && (
        <Suspense fallback={null}>
          <CustomerDetails storeId={store.id} timezone={store.timezone} customerId={a.customerId} onClose={details} />
        </Suspense>
      )}
    </>
  );
}
