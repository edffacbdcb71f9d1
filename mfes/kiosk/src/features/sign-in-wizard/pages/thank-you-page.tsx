import { Loader, Stack, Text, Title } from '@mantine/core';
import type { SignIn } from '../sign-in/sign-in-outbox';
import { minutesPhrase } from '../wizard-model';

/**
 * The wait under the place in line. 'You are next' only for the first in line: a wait of 0 further down means
 * enough staff are free, not that this person is next.
 */
export const waitText = (place: number, minutes: number) =>
  minutes > 0 ? `Estimated wait: about ${minutesPhrase(minutes)}` : place <= 1 ? 'You are next' : 'Estimated wait: just a few minutes';

/**
 * Page 11: the thank-you, at once; the place in line and the wait arrive with the server's answer (they
 * stay 'Signing you in…' while the tablet is offline: the sign-in is kept and sent when it can be).
 */
export function ThankYouPage({ signIn }: { signIn: SignIn | undefined }) {
  const first = signIn?.people[0];
  const size = signIn?.people.length ?? 1;
  return (
    <Stack align="center" gap="lg" className="tb-kiosk-center">
      <Title order={1} ta="center">Thank you!</Title>
      <Text size="xl" ta="center">Please have a seat. We will call when we're ready.</Text>
      <div role="status" aria-live="polite" className="tb-kiosk-status">
        {signIn?.state === 'failed' ? (
          <Text size="lg" c="red" ta="center">We could not sign you in: {signIn.error}. Please see the front desk.</Text>
        ) : signIn?.state === 'done' ? (
          first?.already === 'served' ? (
            <Text size="lg" ta="center">You were already signed in for this appointment, and you have been checked in.</Text>
          ) : first?.queue ? (
            <Stack gap={4} align="center">
              {first.already && <Text size="lg" ta="center">You were already signed in for this appointment: we kept your place.</Text>}
              <Text fw={700} className="tb-kiosk-place">
                {size > 1 ? `Your party of ${size}: number ${first.queue.place} in line` : `You are number ${first.queue.place} in line`}
              </Text>
              <Text size="xl">{waitText(first.queue.place, first.queue.waitMinutes)}</Text>
            </Stack>
          ) : (
            <Text size="lg">You are signed in.</Text>
          )
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
