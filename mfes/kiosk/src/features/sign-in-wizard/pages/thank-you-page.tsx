import { Loader, Stack, Text, Title } from '@mantine/core';
import type { SignIn } from '../sign-in/sign-in-outbox';
import { minutesPhrase } from '../wizard-model';

/**
 * The wait under the place in line. 'You are next' only for the first in line: a wait of 0 further down means
 * enough staff are free, not that this person is next.
 */
export const waitText = (place: number, minutes: number) =>
  minutes > 0 ? `Estimated wait: about ${minutesPhrase(minutes)}` : place <= 1 ? 'You are next' : 'Estimated wait: just a few minutes';

export const OFFLINE_THANKS = "You're signed in. We'll let the front desk know as soon as we're back online.";

/** An appointment holder is not in the walk-in line: their time, and that the desk knows they are here. */
function AppointmentTime({ signIn }: { signIn: SignIn }) {
  const a = signIn.appointment!;
  const withWhom = a.staff ? ` with ${a.staff}` : '';
  return (
    <Text size="xl" fw={700} ta="center">
      {a.request ? `Your request is for ${a.start}${withWhom}: the front desk will confirm it with you.` : `Your appointment is at ${a.start}${withWhom}.`}
    </Text>
  );
}

/** What the server answered: the walk-in's place and wait, or that the appointment was signed in before. */
function Confirmed({ signIn }: { signIn: SignIn }) {
  const first = signIn.people[0];
  const size = signIn.people.length;
  if (first?.already === 'served') return <Text size="lg" ta="center">You were already signed in for this appointment, and you have been checked in.</Text>;
  const kept = first?.already && <Text size="lg" ta="center">You were already signed in for this appointment: we kept your place.</Text>;
  if (!first?.queue) {
    return (
      <Stack gap={4} align="center">
        {kept}
        <Text size="lg" ta="center">{signIn.appointment ? 'The front desk knows you are here.' : 'You are signed in.'}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="center">
      {kept}
      <Text fw={700} className="tb-kiosk-place">
        {size > 1 ? `Your party of ${size}: number ${first.queue.place} in line` : `You are number ${first.queue.place} in line`}
      </Text>
      <Text size="xl">{waitText(first.queue.place, first.queue.waitMinutes)}</Text>
    </Stack>
  );
}

/**
 * Page 11: the thank-you, at once. A walk-in's place in line and wait arrive with the server's answer; an
 * appointment holder sees their time. Offline, the sign-in is kept on the tablet and the page says the front
 * desk will know once the network is back (the kiosk starts over as usual; the outbox sends it later).
 */
export function ThankYouPage({ signIn, offline }: { signIn: SignIn | undefined; offline: boolean }) {
  return (
    <Stack align="center" gap="lg" className="tb-kiosk-center">
      <Title order={1} ta="center">Thank you!</Title>
      <Text size="xl" ta="center">Please have a seat. We will call when we're ready.</Text>
      {signIn?.appointment && <AppointmentTime signIn={signIn} />}
      <div role="status" aria-live="polite" className="tb-kiosk-status">
        {signIn?.state === 'failed' ? (
          <Text size="lg" c="red" ta="center">We could not sign you in: {signIn.error}. Please see the front desk.</Text>
        ) : signIn?.state === 'done' ? (
          <Confirmed signIn={signIn} />
        ) : offline ? (
          <Text size="lg" ta="center">{OFFLINE_THANKS}</Text>
        ) : (
          <Stack gap="xs" align="center">
            <Loader aria-hidden />
            <Text size="lg">Signing you in…</Text>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
