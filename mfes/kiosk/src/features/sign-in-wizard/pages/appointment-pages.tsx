import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { appointmentName, capitalised, type KioskAppointment, type LookupType } from '../wizard-model';

function AppointmentCard({ a }: { a: KioskAppointment }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="xl">{appointmentName(a)}</Text>
      <Text size="lg">Today at {a.start}{a.userFname ? ` with ${capitalised(a.userFname)}` : ''}</Text>
      <Text size="lg">{a.services.map((s) => s.name).join(', ') || 'No service chosen'}</Text>
      {a.customerPhone && <Text c="dimmed" aria-label={`Phone ending ${a.customerPhone.slice(-4)}`}>{a.customerPhone}</Text>}
    </Stack>
  );
}

/** Page 3: the appointment found, with 'Change services' or 'Looks good' (express sign-in). */
export function ConfirmPage({ appointment, onChange, onLooksGood }: { appointment: KioskAppointment; onChange: () => void; onLooksGood: () => void }) {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      <Title order={1} ta="center">Is this your appointment?</Title>
      <Paper withBorder p="xl" radius="lg" className="tb-kiosk-card">
        <AppointmentCard a={appointment} />
      </Paper>
      <Group justify="center" gap="xl" className="tb-kiosk-choices">
        <Button size="xl" className="tb-kiosk-big" variant="light" onClick={onChange}>Change services</Button>
        <Button size="xl" className="tb-kiosk-big" onClick={onLooksGood}>Looks good</Button>
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

/** Page 10: the appointments found (or none), to choose from. */
export function ResultsPage(props: { found: KioskAppointment[]; error: string | null; onChoose: (a: KioskAppointment) => void; onSearch: (type: LookupType) => void; onNoAppointment: () => void }) {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      {props.found.length ? (
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
          {props.error && <Alert color="red" role="alert">{props.error}</Alert>}
          <Text size="lg" ta="center">Try another way, or sign in as a walk-in.</Text>
        </>
      )}
      <SearchOptions onSearch={props.onSearch} onNoAppointment={props.onNoAppointment} />
    </Stack>
  );
}
