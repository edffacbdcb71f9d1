import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CANCEL_COLUMN, ONLINE_COLUMN, TBD_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import type { AppointmentDetailsProps } from './props';
import { CheckInForm, CheckoutForm, DeleteChoices, HistoryList, type WriteAnswer } from './details-actions';
import { useAppointment } from './details-data';
import { EditForm } from './edit-form';
import { NoShowFee } from './no-show-fee';
import { actionsFor, isDayOff, isWalkIn, offersTextCenter, statusLabel, suggestedSale, type DetailsAction } from './details-rules';
import { approveRequest } from '../calendar-data/approve-request';
import { TextCenter } from '../texts/text-center';
import { sendText, textFailure } from '../texts/texts-data';
import { recipientOf, TEXTS_MESSAGES } from '../texts/texts-rules';
import { formatDollars } from '@turnbook/domain/money/money';
import { displayName, fullName } from '@turnbook/domain/text/names';

const CustomerDetails = lazy(() => import(/* webpackChunkName: "calendar-customer-details" */ '../customer-details/customer-details-modal'));

type View = 'details' | 'edit' | 'delete' | 'checkout' | 'history' | 'checkIn' | 'customer' | 'texts';
const TITLES: Record<Exclude<View, 'customer'>, string> = {
  details: 'Appointment details',
  edit: 'Edit appointment',
  delete: 'Delete appointment',
  checkout: 'Check Out',
  history: 'History',
  checkIn: 'Check in',
  texts: 'Text Center',
};

const money = formatDollars;
const DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' as the spec shows dates (MM/DD/YYYY), the date as written whatever the device's zone. */
export const showDate = (d: string) => (Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? d : DATE.format(new Date(`${d}T00:00:00Z`)));

export function customerNameOf(a: Pick<AppointmentView, 'customerFname' | 'customerLname'>) {
  return fullName({ fname: a.customerFname, lname: a.customerLname }) || 'No name';
}

function staffNameOf(a: AppointmentView) {
  if (a.staffId === ONLINE_COLUMN) return 'Online (anyone)';
  if (a.staffId === UNASSIGNED_COLUMN || a.staffId === TBD_COLUMN) return 'To Be Determined';
  if (a.staffId === CANCEL_COLUMN) return 'Cancelled';
  return displayName(a.nickname || a.userFname) || `Staff ${a.staffId}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} miw={110}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ flex: 1 }}>
        {children}
      </Text>
    </Group>
  );
}

const BUTTON_LABELS: Record<DetailsAction, string> = {
  edit: 'Edit',
  delete: 'Delete',
  history: 'History',
  rebook: 'Rebook',
  checkout: 'Check Out',
  approve: 'Approve',
  decline: 'Decline',
  acceptCancel: 'Accept cancellation',
  keep: 'Keep appointment',
  checkIn: 'Check in',
};

/** What an overlap named by a write reads like on screen. */
function OverlapNotice({ answer }: { answer: WriteAnswer | null }) {
  if (!answer?.overlaps?.length) return null;
  return (
    <Alert color="orange" role="status" title="Booked over another appointment">
      This appointment overlaps {answer.overlaps.map((o) => `appointment ${o.appointmentId} (${o.start} - ${o.end})`).join(', ')}.
    </Alert>
  );
}

/** 'Cancel and Text Customer': the cancellation text, after the cancel itself went through. */
async function textCancellation(storeId: number, a: AppointmentView) {
  const recipient = recipientOf(a.customerPhone);
  try {
    if (!recipient) throw new Error(TEXTS_MESSAGES.noPhone);
    await sendText({ storeId, recipient, kind: 'cancel', appointmentId: a.id });
  } catch (e) {
    throw new Error(`${TEXTS_MESSAGES.canceledNotTexted} ${textFailure(e)}`, { cause: e });
  }
}

/**
 * The appointment details modal: what the appointment is, as the caller may see it, and every action on it
 * (docs/decisions.md "Appointment details").
 */
export default function DetailsModal({ store, appointmentId, onClose, onRebook, appointment: fromGrid }: AppointmentDetailsProps & { appointmentId: number }) {
  const access = useStoreAccess(store.id);
  const canAct = access.can('storeNotLimited');
  const canDelete = access.can('storeManager');
  const qc = useQueryClient();
  const query = useAppointment(store.id, appointmentId, !access.loading && canAct);
  const a = canAct ? query.data : (fromGrid ?? null);
  const [view, setView] = useState<View>('details');
  const [answer, setAnswer] = useState<WriteAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** After a write: the answer's overlap shown, and everything the calendar shows of the store read again. */
  const written = async (res: WriteAnswer | null, close = false) => {
    setAnswer(res);
    setFailure(null);
    if (close) {
      qc.removeQueries({ queryKey: calendarKeys.appointment(store.id, appointmentId) });
      onClose();
    } else setView('details');
    await invalidateStore(qc, store.id);
  };
  const run = async (write: () => Promise<WriteAnswer | null>, close = false) => {
    setBusy(true);
    try {
      await written(await write(), close);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const cancel = (x: AppointmentView) => api.get('GET cancelAppointment/{id}', { id: x.id });


  const act = (action: DetailsAction, x: AppointmentView) => {
    switch (action) {
      case 'rebook':
        onRebook(x);
        onClose();
        return;
      // Approve and 'Keep appointment' claim the time: an overlap the server names is shown and confirmed first.
      case 'approve':
      case 'keep':
        return void run(() => approveRequest(x));
      case 'decline':
      case 'acceptCancel':
        return void run(() => cancel(x));
      default:
        setFailure(null);
        setView(action);
    }
  };

  let body: ReactNode;
  if (access.loading || (canAct && query.isPending)) body = <LoadingState label="Loading the appointment…" />;
  else if (!canAct && !a) body = <Text>Limited staff can't open appointments. Ask an admin or the owner to change it.</Text>;
  else if (query.isError) body = <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  else if (!a) body = <Text>This appointment no longer exists.</Text>;
  else if (view === 'edit') body = <EditForm store={store} appointment={a} userId={access.userId} onDone={(r) => written(r)} onBack={() => setView('details')} />;
  else if (view === 'delete')
    body = (
      <DeleteChoices
        appointment={a}
        access={{ canAct, canDelete }}
        cancelAndText={store.settings.cancelAndText}
        busy={busy}
        onChoose={(choice) =>
          run(async () => {
            if (choice === 'delete') {
              if (isDayOff(a)) await api.delete('DELETE appointment/{id}', { id: a.id });
              else await api.get('GET removeAppointment/{id}', { id: a.id });
              return null;
            }
            const done = await cancel(a);
            if (choice === 'cancelAndText') {
              // A text that fails leaves the details open on the cancelled appointment, saying so.
              await invalidateStore(qc, store.id);
              setView('details');
              await textCancellation(store.id, a);
            }
            return done;
          }, true)
        }
        onBack={() => setView('details')}
      />
    );
  else if (view === 'texts') body = <TextCenter store={store} appointment={a} onBack={() => setView('details')} />;
  else if (view === 'checkout') body = <CheckoutForm appointment={a} onDone={(r) => written(r)} onBack={() => setView('details')} />;
  else if (view === 'history') body = <HistoryList storeId={store.id} timezone={store.timezone} appointmentId={a.id} onBack={() => setView('details')} />;
  else if (view === 'checkIn' && a.sheetId != null) body = <CheckInForm store={store} sheetId={a.sheetId} onDone={() => written(null)} onBack={() => setView('details')} />;
  else {
    const walkIn = isWalkIn(a);
    const actions = actionsFor(a, { canAct, canDelete }, walkIn, store.settings.cancelAndText);
    const dayOff = isDayOff(a);
    const textable = offersTextCenter(a, { canAct, canDelete });
    const services = a.services.filter(Boolean);
    body = (
      <Stack gap="sm">
        <OverlapNotice answer={answer} />
        <Row label="Customer">
          {dayOff ? (
            'Day off'
          ) : canAct && a.customerId > 0 ? (
            <Button variant="subtle" size="compact-sm" px={4} onClick={() => setView('customer')} aria-label={`Customer details: ${customerNameOf(a)}`}>
              {customerNameOf(a)}
            </Button>
          ) : (
            customerNameOf(a)
          )}
        </Row>
        {!dayOff && a.customerPhone && <Row label="Phone">{formatPhone(a.customerPhone)}</Row>}
        <Row label="Staff">{staffNameOf(a)}</Row>
        {!dayOff && (
          <Row label="Services">
            {services.length ? (
              <List size="sm" listStyleType="none" spacing={2}>
                {services.map((s) => (
                  <List.Item key={s.id}>
                    {s.name} · {s.duration} min{canAct ? ` · ${money(s.price)}` : ''}
                  </List.Item>
                ))}
              </List>
            ) : (
              '—'
            )}
          </Row>
        )}
        <Row label="Date">{showDate(a.date)}</Row>
        <Row label="Time">
          {a.start} - {a.end}
        </Row>
        <Row label="Status">
          <Badge color={a.status === 'CANCEL' ? 'red.9' : a.status === 'ON' || a.status === 'APPROVED' ? 'teal.9' : 'yellow.9'} variant="filled">
            {statusLabel(a.status)}
          </Badge>
          {walkIn && (
            <Badge ml="xs" variant="outline" color="dark">
              Walk-in
            </Badge>
          )}
        </Row>
        {a.note && <Row label="Note">{a.note}</Row>}
        {a.sale !== null && a.sale > 0 && <Row label="Sale">{money(a.sale)}</Row>}
        {canAct && !dayOff && <Row label="Suggested sale">{money(suggestedSale(services))}</Row>}
        {a.cardOnFile && access.can('storeOwner') && <NoShowFee store={store} appointment={a} />}
        {failure && (
          <Alert color="red" role="alert" title="That did not work">
            {failure}
          </Alert>
        )}
        {(actions.length > 0 || textable) && (
          <Group gap="xs" mt="sm" aria-label="Actions" role="group">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                loading={busy && ['approve', 'decline', 'acceptCancel', 'keep'].includes(action)}
                disabled={busy}
                variant={action === 'delete' || action === 'decline' || action === 'acceptCancel' ? 'outline' : action === 'checkout' || action === 'approve' || action === 'checkIn' || action === 'keep' ? 'filled' : 'default'}
                color={action === 'delete' || action === 'decline' || action === 'acceptCancel' ? 'red.9' : undefined}
                onClick={() => act(action, a)}
              >
                {BUTTON_LABELS[action]}
              </Button>
            ))}
            {textable && (
              <Button size="sm" variant="default" disabled={busy} onClick={() => setView('texts')}>
                Text Center
              </Button>
            )}
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <>
      <Modal opened={view !== 'customer'} onClose={onClose} title={TITLES[view === 'customer' ? 'details' : view]} size="lg" centered>
        {body}
      </Modal>
      {view === 'customer' && a && (
        <Suspense fallback={null}>
          <CustomerDetails storeId={store.id} timezone={store.timezone} customerId={a.customerId} onClose={() => setView('details')} />
        </Suspense>
      )}
    </>
  );
}
