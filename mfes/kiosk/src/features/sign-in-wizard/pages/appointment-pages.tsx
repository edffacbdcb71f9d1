import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { appointmentName, capitalised, type KioskAppointment, type LookupType } from '../wizard-model';

function AppointmentCard({ a }: { a: KioskAppointment }) {
  const when = `at ${a.start}${a.userFname ? ` with ${capitalised(a.userFname)}` : ''}`;
  return (
    <Stack gap={4}>
      <Text fw={700} size="xl">{appointmentName(a)}</Text>
      {/* A request the salon has not approved is not a booked appointment: it never reads as one. */}
      <Text size="lg">{a.awaitingApproval ? `Requested for today ${when}` : `Today ${when}`}</Text>
      {a.awaitingApproval && <Badge color="orange" size="lg" variant="light">Not confirmed yet</Badge>}
      {a.signedIn && <Badge color="teal" size="lg" variant="light">Already signed in</Badge>}
      <Text size="lg">{a.services.map((s) => s.name).join(', ') || 'No service chosen'}</Text>
      {a.customerPhone && <Text c="dimmed" aria-label={`Phone ending ${a.customerPhone.slice(-4)}`}>{a.customerPhone}</Text>}
    </Stack>
  );
}

/**
 * Page 3: the appointment found, with 'Change services' or 'Looks good' (express sign-in). A request the
 * salon has not approved says so and signs in for the front desk to confirm; one already signed in says so
 * and signs in nothing.
 */
export function ConfirmPage({ appointment, onChange, onLooksGood, onDone }: { appointment: KioskAppointment; onChange: () => void; onLooksGood: () => void; onDone: () => void }) {
  if (appointment.signedIn) {
    return (
      <Stack align="center" gap="xl" className="tb-kiosk-center">
        <Title order={1} ta="center">You are already signed in</Title>
        <Paper withBorder p="xl" radius="lg" className="tb-kiosk-card">
          <AppointmentCard a={appointment} />
        </Paper>
        <Text size="xl" ta="center">Please have a seat. We will call when we're ready.</Text>
        <Button size="xl" className="tb-kiosk-big" onClick={onDone}>Done</Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      <Title order={1} ta="center">{appointment.awaitingApproval ? 'Your request is not confirmed yet' : 'Is this your appointment?'}</Title>
      <Paper withBorder p="xl" radius="lg" className="tb-kiosk-card">
        <AppointmentCard a={appointment} />
      </Paper>
      {appointment.awaitingApproval && (
        <Text size="lg" ta="center">The salon has not confirmed this time yet. Sign in, and the front desk will confirm it with you.</Text>
      )}
      <Group justify="center" gap="xl" className="tb-kiosk-choices">
        <Button size="xl" className="tb-kiosk-big" variant="light" onClick={onChange}>Change services</Button>
        <Button size="xl" className="tb-kiosk-big" onClick={onLooksGood}>{appointment.awaitingApproval ? 'Sign in' : 'Looks good'}</Button>
      </Group>
    </Stack>
  );
}

const SEARCH_LABEL: Record<Exclude<LookupType, 'phone'>, { title: string; label: string; type: string }> = {
  lname: { title: 'Search by last name', label: 'Last name', type: 'text' },
  email: { title: 'Search by email', label: 'Email', type: 'email' },
};

/** Pages 7 and 9: today's appointment by last name or by email (page 8, by phone, is the phone page). */
export function SearchPage({ type, busy, onSearch }: { type: 'lname' | 'email'; busy: boolean; onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const { title, label, type: inputType } = SEARCH_LABEL[type];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (value.trim()) onSearch(value);
  };
  return (
    <form onSubmit={submit} noValidate className="tb-kiosk-center">
      <Stack gap="lg" className="tb-kiosk-narrow">
        <Title order={1} ta="center">{title}</Title>
        <TextInput size="xl" label={label} type={inputType} required autoComplete="off" value={value}
          onChange={(e) => setValue(e.currentTarget.value)} error={tried && !value.trim() ? `Please enter your ${label.toLowerCase()}` : undefined} />
        <Button type="submit" size="xl" className="tb-kiosk-big" loading={busy}>Search</Button>
      </Stack>
    </form>
  );
}

/** Other ways to find the appointment, and the way out for someone who has none. */
export function SearchOptions({ onSearch, onNoAppointment, except }: { onSearch: (type: LookupType) => void; onNoAppointment?: () => void; except?: LookupType }) {
  return (
    <Group justify="center" gap="md" className="tb-kiosk-options">
      {except !== 'lname' && <Button variant="default" size="lg" onClick={() => onSearch('lname')}>Search by last name</Button>}
      {except !== 'phone' && <Button variant="default" size="lg" onClick={() => onSearch('phone')}>Search by phone</Button>}
      {except !== 'email' && <Button variant="default" size="lg" onClick={() => onSearch('email')}>Search by email</Button>}
      {onNoAppointment && <Button variant="subtle" size="lg" onClick={onNoAppointment}>I don't have an appointment</Button>}
    </Group>
  );
}

/** Why a search found nothing: the search itself failed (no network, the server down), not the appointment. */
export interface LookupFailure {
  /** true when the tablet could not reach the server at all */
  offline: boolean;
  message: string;
}

/** Page 10: the appointments found (or none), to choose from. */
export function ResultsPage(props: { found: KioskAppointment[]; error: LookupFailure | null; onRetry: () => void; onChoose: (a: KioskAppointment) => void; onSearch: (type: LookupType) => void; onNoAppointment: () => void }) {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      {props.error ? (
        // A failed search says nothing about the appointment: never 'not found', never 'sign in as a walk-in'
        // (a booked customer would then be signed in twice).
        <>
          <Title order={1} ta="center">{props.error.offline ? 'We cannot reach the salon’s system right now' : 'The search did not work'}</Title>
          <Alert color="red" role="alert">
            {props.error.offline ? 'The network seems to be down, so we could not look up your appointment. Please try again in a moment, or see the front desk.' : props.error.message}
          </Alert>
          <Button size="xl" className="tb-kiosk-big" onClick={props.onRetry}>Try again</Button>
        </>
      ) : props.found.length ? (
        <>
          <Title order={1} ta="center">Choose your appointment</Title>
          <Stack gap="md" className="tb-kiosk-narrow">
            {props.found.map((a) => (
              <Paper key={a.id} withBorder p="lg" radius="lg">
                <Group justify="space-between" wrap="nowrap">
                  <AppointmentCard a={a} />
                  <Button size="lg" onClick={() => props.onChoose(a)} aria-label={`This is me: ${appointmentName(a)} at ${a.start}`}>This is me</Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      ) : (
        <>
          <Title order={1} ta="center">We could not find your appointment for today.</Title>
          <Text size="lg" ta="center">Try another way, or sign in as a walk-in.</Text>
        </>
      )}
      {props.error ? <SearchOptions onSearch={props.onSearch} /> : <SearchOptions onSearch={props.onSearch} onNoAppointment={props.onNoAppointment} />}
    </Stack>
  );
}
