import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { CANCEL_COLUMN, ONLINE_COLUMN, TBD_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { formatDollars as money } from '@turnbook/domain/money/money';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { displayName, fullName } from '@turnbook/domain/text/names';
import type { ReactNode } from 'react';
import { DetailsButtons } from './details-buttons';
import type { WriteAnswer } from './details-data';
import { actionsFor, isDayOff, isWalkIn, offersTextCenter, statusLabel, suggestedSale, type DetailsAccess, type DetailsAction } from './details-rules';
import { NoShowFee } from './no-show-fee';

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

/** What an overlap named by a write reads like on screen. */
function OverlapNotice({ answer }: { answer: WriteAnswer | null }) {
  if (!answer?.overlaps?.length) return null;
  return (
    <Alert color="orange" role="status" title="Booked over another appointment">
      This appointment overlaps {answer.overlaps.map((o) => `appointment ${o.appointmentId} (${o.start} - ${o.end})`).join(', ')}.
    </Alert>
  );
}

function StatusBadges({ a }: { a: AppointmentView }) {
  return (
    <>
      <Badge color={a.status === 'CANCEL' ? 'red.9' : a.status === 'ON' || a.status === 'APPROVED' ? 'teal.9' : 'yellow.9'} variant="filled">
        {statusLabel(a.status)}
      </Badge>
      {isWalkIn(a) && (
        <Badge ml="xs" variant="outline" color="dark">
          Walk-in
        </Badge>
      )}
    </>
  );
}

/** The appointment as the caller may see it, its last write's overlap or failure, and the actions on it. */
export function DetailsView({ store, a, access, isOwner, answer, failure, busy, onAct, onView }: {
  store: StoreView;
  a: AppointmentView;
  access: DetailsAccess;
  isOwner: boolean;
  answer: WriteAnswer | null;
  failure: string | null;
  busy: boolean;
  onAct: (action: DetailsAction) => void;
  onView: (view: 'customer' | 'texts') => void;
}) {
  const { canAct } = access;
  const actions = actionsFor(a, access, isWalkIn(a), store.settings.cancelAndText);
  const dayOff = isDayOff(a);
  const services = a.services.filter(Boolean);
  return (
    <Stack gap="sm">
      <OverlapNotice answer={answer} />
      <Row label="Customer">
        {dayOff ? (
          'Day off'
        ) : canAct && a.customerId > 0 ? (
          <Button variant="subtle" size="compact-sm" px={4} onClick={() => onView('customer')} aria-label={`Customer details: ${customerNameOf(a)}`}>
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
        <StatusBadges a={a} />
      </Row>
      {a.note && <Row label="Note">{a.note}</Row>}
      {a.sale !== null && a.sale > 0 && <Row label="Sale">{money(a.sale)}</Row>}
      {canAct && !dayOff && <Row label="Suggested sale">{money(suggestedSale(services))}</Row>}
      {a.cardOnFile && isOwner && <NoShowFee store={store} appointment={a} />}
      {failure && (
        <Alert color="red" role="alert" title="That did not work">
          {failure}
        </Alert>
      )}
      <DetailsButtons actions={actions} textable={offersTextCenter(a, access)} busy={busy} onAct={onAct} onTexts={() => onView('texts')} />
    </Stack>
  );
}
