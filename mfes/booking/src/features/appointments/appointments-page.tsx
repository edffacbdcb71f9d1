import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { Stack, Title } from '@mantine/core';
import { digitsOnly } from '@turnbook/domain/phone/phone';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AppointmentList } from './appointment-list';

// Asked for only once the account is loaded and its phone unverified, never on the first screen: the code
// field (Mantine's PinInput, ~2.6 KB gzip) loads then.
const PhoneVerification = lazy(() => import('@turnbook/web-kit/ui/phone-verification').then((m) => ({ default: m.PhoneVerification })));

/**
 * /appointments, the customer's own appointments. The first time it opens with an unverified phone, it asks
 * for the texted code (docs/product/statuses.md, Accounts): a customer's appointments are found by that
 * phone only once it is verified (until then the list holds the requests made from this account).
 */
export default function AppointmentsPage() {
  const userId = useSession((s) => s.user_id);
  const [user, setUser] = useState<PublicUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return undefined;
    let live = true;
    setError(null);
    api
      .get('GET user/{id}', { id: userId })
      .then((res) => live && setUser(res.user))
      .catch((e: unknown) => live && setError(isApiError(e) ? e.message : 'Your account could not be loaded.'));
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  let prompt = null;
  if (error) prompt = <ErrorState message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!user) prompt = <LoadingState label="Loading your account…" />;
  else if (user.phone && !user.phoneVerified)
    prompt = (
      <section aria-label="Verify your phone">
        <h2>Verify your phone</h2>
        <Suspense fallback={<LoadingState />}>
          <PhoneVerification userId={user.id} phone={user.phone} onVerified={setUser} customer />
        </Suspense>
      </section>
    );
  const phone = digitsOnly(user?.phone);
  return (
    <Stack maw={640} mx="auto" p="md" gap="md">
      <Title order={1}>My appointments</Title>
      {prompt}
      {user && phone.length === 10 && <AppointmentList phone={phone} verified={!!user.phoneVerified} />}
    </Stack>
  );
}
